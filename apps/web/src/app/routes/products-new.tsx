import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

export const newProductRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/products/new',
  staticData: { title: 'New Product', permission: 'product.write' },
  component: lazyRouteComponent(() => import('./new-product-page'), 'NewProductPage'),
});
