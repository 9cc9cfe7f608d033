import { z } from 'zod';
import { SORT_ORDERS } from '../customers/customer-api-schemas';
import { ORDER_STATUSES } from './order-status';

// The order list's query on its own: the /orders route reads its URL with it, so it is in the
// first visit's JavaScript; the rest of the orders' schemas load with the orders pages.

export const ORDER_PAGE_SIZE = 25;
export const ORDER_PAGE_SIZE_MAX = 100;

const instant = (what: string) =>
  z.iso.datetime({ offset: true, error: `Enter ${what} as a date and time` });

/**
 * The order list's filter: a status, or `attention` for the orders someone needs to act on
 * (the server's definition; proposed: holds about to expire, reserved orders unsigned or with
 * the deposit unpaid close to the event, changes awaiting approval, returned orders not yet
 * completed).
 */
export const ORDER_LIST_FILTERS = [...ORDER_STATUSES, 'attention'] as const;
export type OrderListFilter = (typeof ORDER_LIST_FILTERS)[number];
export const ORDER_SORT_COLUMNS = [
  'number',
  'eventStart',
  'customerName',
  'status',
  'total',
  'balance',
  'createdAt',
] as const;
export type OrderSortColumn = (typeof ORDER_SORT_COLUMNS)[number];

/** GET /api/orders query (and the order list page's URL search params). */
export const orderListQuerySchema = z
  .object({
    status: z.enum(ORDER_LIST_FILTERS, { error: 'Unknown status' }).optional(),
    /** Order number or the customer's name, e-mail or phone. */
    search: z.string().trim().max(200, 'Search must be at most 200 characters').default(''),
    /** Event start on or after `from`, before `to`. */
    from: instant('the first day').optional(),
    to: instant('the last day').optional(),
    /** Created on or after this instant (the dashboard's Orders This Week opens the last 7 days). */
    createdFrom: instant('the first creation time').optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(ORDER_PAGE_SIZE_MAX).default(ORDER_PAGE_SIZE),
    /** Newest events first unless asked otherwise. */
    sort: z.enum(ORDER_SORT_COLUMNS).default('eventStart'),
    order: z.enum(SORT_ORDERS).default('desc'),
  })
  .superRefine((value, ctx) => {
    if (value.from && value.to && Date.parse(value.to) <= Date.parse(value.from))
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The end of the range must be after its start',
      });
  });
export type OrderListQuery = z.output<typeof orderListQuerySchema>;
