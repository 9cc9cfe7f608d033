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
  // The defaults are left out of the URL: '/products', not '/products?status=active&page=1…'.
  search: { middlewares: [stripSearchParams(PRODUCT_LIST_DEFAULTS)] },
  staticData: { title: 'Products', permission: 'product.read' },
  component: lazyRouteComponent(() => import('./products-page'), 'ProductsPage'),
});
