import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

/** back-office spec §7.1: delivery methods, fee rules and depots. */
export const deliverySettingsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/orders/driver/settings',
  staticData: { title: 'Delivery settings', permission: 'delivery.read' },
  component: lazyRouteComponent(() => import('./delivery-settings-page'), 'DeliverySettingsPage'),
});
