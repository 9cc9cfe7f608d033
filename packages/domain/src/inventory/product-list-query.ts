import { z } from 'zod';

/**
 * The product pages' queries, on their own: the products pages' URL search reads them in the
 * route table, which every first visit downloads, so they must not bring the whole inventory
 * contract with them (re-exported where the rest of the contract lives).
 */
export const PRODUCT_PAGE_SIZE = 50;
export const PRODUCT_PAGE_SIZE_MAX = 200;

export const PRODUCT_STATUSES = ['active', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const productListQuerySchema = z.object({
  search: z.string().trim().max(200).default(''),
  categoryId: z.string().uuid().optional(),
  status: z.enum(PRODUCT_STATUSES).default('active'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PRODUCT_PAGE_SIZE_MAX).default(PRODUCT_PAGE_SIZE),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

/** GET /api/products/{id}/availability?month=YYYY-MM: the product page's month. */
export const productMonthQuerySchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month is YYYY-MM'),
});
