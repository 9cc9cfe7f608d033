import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

/** back-office spec §3 Inventory: setup surfaces and each product's rule on each. */
export const surfaceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/surface',
  staticData: { title: 'Setup Surface', permission: 'product.read' },
  component: lazyRouteComponent(() => import('./surface-page'), 'SurfacePage'),
});
