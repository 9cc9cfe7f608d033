import { createRoute, lazyRouteComponent, stripSearchParams } from '@tanstack/react-router';
import {
  customerDetailSearchSchema,
  DEFAULT_CUSTOMER_TAB,
} from '@/features/customers/lib/customer-tabs';
import { rootRoute } from './root';

/** spec §2 Customer area: one customer; the open tab is in the URL. */
export const customerDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/customers/$customerId',
  validateSearch: customerDetailSearchSchema,
  search: { middlewares: [stripSearchParams({ tab: DEFAULT_CUSTOMER_TAB })] },
  staticData: { title: 'Customer', permission: 'customer.read' },
  component: lazyRouteComponent(() => import('./customer-detail-page'), 'CustomerPage'),
});
