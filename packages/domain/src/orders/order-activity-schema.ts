import { z } from 'zod';

/** §4: an order's activity log, every change with who made it and when. */
export const orderActivitySchema = z.object({
  id: z.string(),
  action: z.string(),
  detail: z.record(z.string(), z.unknown()),
  userId: z.string().nullable(),
  /** Who did it; null for the customer (their order page) or the system. */
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export const orderActivityResponseSchema = z.object({ activity: z.array(orderActivitySchema) });
