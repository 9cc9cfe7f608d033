import { createRoute, lazyRouteComponent, stripSearchParams } from '@tanstack/react-router';
import {
  PRODUCT_LIST_DEFAULTS,
  productListSearchSchema,
} from '@/features/inventory/lib/product-list-search';
import { rootRoute } from './root';

/** back-office spec §3 Inventory: the products, their search, category, status and page in the URL. */
export const productsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/products',
  validateSearch: productListSearchSchema,
  search: {
    middlewares: [
      stripSearchParams({
        search: PRODUCT_LIST_DEFAULTS.search,
        status: PRODUCT_LIST_DEFAULTS.status,
        page: PRODUCT_LIST_DEFAULTS.page,
        pageSize: PRODUCT_LIST_DEFAULTS.pageSize,
      }),
    ],
  },
  staticData: { title: 'Products', permission: 'product.read' },
  component: lazyRouteComponent(() => import('./products-page'), 'ProductsPage'),
});
