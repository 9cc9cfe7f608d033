import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from './root';

/** Issue 24 item 6: the weather board, beside the Delivery Manager (decision 0061). */
export const weatherRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/orders/driver/weather',
  staticData: { title: 'Weather board', permission: 'delivery.read' },
  component: lazyRouteComponent(() => import('./weather-page'), 'WeatherPage'),
});
