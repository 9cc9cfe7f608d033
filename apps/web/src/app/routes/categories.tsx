import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

/** back-office spec §3 Inventory: the category tree. */
export const categoriesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/categories',
  staticData: { title: 'Categories', permission: 'product.read' },
  component: lazyRouteComponent(() => import('./categories-page'), 'CategoriesPage'),
});
