import { z } from 'zod';

// spec §3: payments (a list) and totalAmount; here by month, in integer cents.
export const salesOverviewResponseSchema = z.object({
  payments: z.array(z.object({ month: z.string(), amountCents: z.number() })),
  totalAmount: z.number(),
});
export type SalesOverview = z.output<typeof salesOverviewResponseSchema>;

// spec §7: an empty overview when the fetch fails.
export const EMPTY_SALES_OVERVIEW: SalesOverview = { payments: [], totalAmount: 0 };
