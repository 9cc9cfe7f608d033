import { createRoute, lazyRouteComponent, stripSearchParams } from '@tanstack/react-router';
import {
  CUSTOMER_LIST_DEFAULTS,
  customerListSearchSchema,
} from '@/features/customers/lib/customer-list-search';
import { rootRoute } from './root';

/** spec §2 Customer area: the list, its search and page in the URL. */
export const customersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/customers',
  validateSearch: customerListSearchSchema,
  // The defaults are left out of the URL: '/customers', not '/customers?search=&page=1…'.
  search: { middlewares: [stripSearchParams(CUSTOMER_LIST_DEFAULTS)] },
  staticData: { title: 'Customers', permission: 'customer.read' },
  component: lazyRouteComponent(() => import('./customers-page'), 'CustomersPage'),
});
