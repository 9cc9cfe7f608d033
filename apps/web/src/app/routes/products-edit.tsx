import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const editProductRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/products/$productId/edit',
  staticData: { title: 'Edit Product', permission: 'product.write' },
  component: lazyRouteComponent(() => import('./edit-product-page'), 'EditProductPage'),
});
