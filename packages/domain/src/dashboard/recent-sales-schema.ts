import { z } from 'zod';

// One of the latest payments (spec §3 does not show its fields): money in integer cents.
export const recentSaleSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.union([z.string(), z.number()]),
  customerId: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  amountCents: z.number(),
  paidAt: z.string(),
});

// spec §7: GET /api/account/stats/recentSales answers "a list", newest first.
export const recentSalesResponseSchema = z.array(recentSaleSchema);

export type RecentSale = z.output<typeof recentSaleSchema>;
