import { orderListQuerySchema } from '@tentpole/domain';
import { z } from 'zod';

/** The list's defaults: every status, newest events first, the first page. */
export const ORDER_LIST_DEFAULTS = orderListQuerySchema.parse({});

const { shape } = orderListQuerySchema;

/**
 * The order list's URL search params: the API's own list query, read leniently. A value the
 * rules reject falls back to its default on its own (`?status=gone&search=smith` still searches).
 */
export const orderListSearchSchema = z.object({
  status: shape.status.catch(undefined),
  search: shape.search.catch(ORDER_LIST_DEFAULTS.search),
  from: shape.from.catch(undefined),
  to: shape.to.catch(undefined),
  createdFrom: shape.createdFrom.catch(undefined),
  page: shape.page.catch(ORDER_LIST_DEFAULTS.page),
  pageSize: shape.pageSize.catch(ORDER_LIST_DEFAULTS.pageSize),
  sort: shape.sort.catch(ORDER_LIST_DEFAULTS.sort),
  order: shape.order.catch(ORDER_LIST_DEFAULTS.order),
});
