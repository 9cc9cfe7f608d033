import { z } from 'zod';

export const CUSTOMER_PAGE_SIZE = 25;
export const CUSTOMER_PAGE_SIZE_MAX = 100;
export const CUSTOMER_SEARCH_MAX = 200;

/** The customer list's columns the server can sort by. */
export const CUSTOMER_SORT_COLUMNS = [
  'name',
  'company',
  'email',
  'phone',
  'points',
  'lastOrder',
] as const;
export type CustomerSortColumn = (typeof CUSTOMER_SORT_COLUMNS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** GET /api/customers query (and the customer list page's URL search params). */
export const customerListQuerySchema = z.object({
  search: z.string().trim().max(CUSTOMER_SEARCH_MAX).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(CUSTOMER_PAGE_SIZE_MAX).default(CUSTOMER_PAGE_SIZE),
  // Without a sort the list keeps its own order: best matches first when searching, then by
  // name. A sort asked for is followed as it is, search or not.
  sort: z.enum(CUSTOMER_SORT_COLUMNS).optional(),
  order: z.enum(SORT_ORDERS).default('asc'),
});
export type CustomerListQuery = z.output<typeof customerListQuerySchema>;

const isoDateTime = z.string();

export const customerSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().nullable(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  internalNotes: z.string().nullable(),
  points: z.number(),
  banned: z.boolean(),
  reference: z.string().nullable(),
  createdAt: isoDateTime,
});
export type Customer = z.output<typeof customerSchema>;

export const customerOrderSummarySchema = z.object({
  id: z.string(),
  number: z.number(),
  status: z.string(),
  eventDate: z.string(),
});

export const customerListItemSchema = customerSchema
  .pick({
    id: true,
    firstName: true,
    lastName: true,
    company: true,
    email: true,
    phoneNumber: true,
    points: true,
    banned: true,
    reference: true,
  })
  .extend({ lastOrder: customerOrderSummarySchema.nullable() });
export type CustomerListItem = z.output<typeof customerListItemSchema>;

export const customerListResponseSchema = z.object({
  customers: z.array(customerListItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type CustomerListResponse = z.output<typeof customerListResponseSchema>;

export const customerResponseSchema = z.object({ customer: customerSchema });

export const customerOrderSchema = customerOrderSummarySchema.extend({
  totalCents: z.number(),
  paidCents: z.number(),
  createdAt: isoDateTime,
  lines: z.array(
    z.object({ description: z.string(), quantity: z.number(), unitPriceCents: z.number() }),
  ),
});
export const customerOrdersResponseSchema = z.object({ orders: z.array(customerOrderSchema) });
export type CustomerOrder = z.output<typeof customerOrderSchema>;

export const customerDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(['quote', 'invoice', 'contract', 'waiver']),
  title: z.string(),
  status: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.number().nullable(),
  createdAt: isoDateTime,
});
export const customerDocumentsResponseSchema = z.object({
  documents: z.array(customerDocumentSchema),
});
export type CustomerDocument = z.output<typeof customerDocumentSchema>;

/** One thing that happened with a customer, from whichever table recorded it. */
export const JOURNEY_KINDS = [
  'created',
  'cart_session',
  'quote',
  'order',
  'payment',
  'document',
  'call',
  'message',
  'note',
  'email',
  'review',
] as const;
export const journeyItemSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  detail: z.string().nullable(),
  occurredAt: isoDateTime,
  orderId: z.string().nullable(),
});
export const customerJourneyResponseSchema = z.object({ journey: z.array(journeyItemSchema) });
export type JourneyItem = z.output<typeof journeyItemSchema>;
