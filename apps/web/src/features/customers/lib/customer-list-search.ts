import { customerListQuerySchema } from '@tentpole/domain';
import { z } from 'zod';

/** The list's defaults: the first page, the default page size, no search, its own order. */
export const CUSTOMER_LIST_DEFAULTS = customerListQuerySchema.parse({});

const { shape } = customerListQuerySchema;

/**
 * The customer list's URL search params: the API's own list query (domain rules), read
 * leniently. A value the rules reject falls back to its default on its own, so a hand-edited
 * `?page=two&search=smith` still searches for smith.
 */
export const customerListSearchSchema = z.object({
  search: shape.search.catch(CUSTOMER_LIST_DEFAULTS.search),
  page: shape.page.catch(CUSTOMER_LIST_DEFAULTS.page),
  pageSize: shape.pageSize.catch(CUSTOMER_LIST_DEFAULTS.pageSize),
  sort: shape.sort.catch(undefined),
  order: shape.order.catch(CUSTOMER_LIST_DEFAULTS.order),
});
