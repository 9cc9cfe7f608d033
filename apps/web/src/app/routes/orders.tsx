import { createRoute, lazyRouteComponent, stripSearchParams } from '@tanstack/react-router';
import {
  ORDER_LIST_DEFAULTS,
  orderListSearchSchema,
} from '@/features/orders/lib/order-list-search';
import { rootRoute } from './root';

/** back-office spec §4 Orders: the list, its status, search, sort and page in the URL. */
export const ordersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/orders',
  validateSearch: orderListSearchSchema,
  search: {
    middlewares: [
      stripSearchParams({
        search: ORDER_LIST_DEFAULTS.search,
        page: ORDER_LIST_DEFAULTS.page,
        pageSize: ORDER_LIST_DEFAULTS.pageSize,
        sort: ORDER_LIST_DEFAULTS.sort,
        order: ORDER_LIST_DEFAULTS.order,
      }),
    ],
  },
  // spec §2: Orders needs no permission to read.
  staticData: { title: 'Orders' },
  component: lazyRouteComponent(() => import('./orders-page'), 'OrdersPage'),
});
