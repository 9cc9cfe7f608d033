import { productListQuerySchema } from '@tentpole/domain';
import { z } from 'zod';

/** The list's defaults: active products, the first page, the default page size, no search. */
export const PRODUCT_LIST_DEFAULTS = productListQuerySchema.parse({});

const { shape } = productListQuerySchema;

/**
 * The product list's URL search params: the API's own list query, read leniently. A value the
 * rules reject falls back to its default on its own (`?status=gone&search=castle` still
 * searches for castle).
 */
export const productListSearchSchema = z.object({
  search: shape.search.catch(PRODUCT_LIST_DEFAULTS.search),
  categoryId: shape.categoryId.catch(undefined),
  status: shape.status.catch(PRODUCT_LIST_DEFAULTS.status),
  page: shape.page.catch(PRODUCT_LIST_DEFAULTS.page),
  pageSize: shape.pageSize.catch(PRODUCT_LIST_DEFAULTS.pageSize),
});
