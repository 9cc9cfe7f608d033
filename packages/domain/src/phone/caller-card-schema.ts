import { z } from 'zod';
import { can } from '../permissions/can';

// Apart, so the order editor's route reads them without this file's schemas in the first visit.
export * from './reach-origins';

/** GET /api/phone/caller-card?customerId= (issue 24 item 1). */
export const callerCardQuerySchema = z.object({
  customerId: z.string({ error: 'Choose a customer' }).trim().min(1, 'Choose a customer').max(100),
});
export type CallerCardQuery = z.output<typeof callerCardQuerySchema>;

/**
 * Issue 24 item 1, permission-aware: who sees which money on the caller card. Lifetime value
 * only with `reports.financial`; balances only with `payment.write` or `order.write` (they take
 * payments or change orders); a member with neither sees no money at all, which is what a
 * driver has (back-office spec §1: `delivery.driver` and the phone).
 */
export function callerCardMoney(roles: readonly string[]): {
  balances: boolean;
  lifetimeValue: boolean;
} {
  return {
    balances: can(roles, 'payment.write') || can(roles, 'order.write'),
    lifetimeValue: can(roles, 'reports.financial'),
  };
}

const timeWindow = z.object({ start: z.string(), end: z.string() });

/** The caller's next booked order (or, with none ahead, the latest one with a balance due). */
export const callerCardOrderSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: z.enum(['reserved', 'confirmed', 'out', 'returned', 'completed']),
  eventStart: z.string(),
  eventEnd: z.string(),
  fulfilment: z.enum(['delivery', 'pickup']),
  /** The product lines, as the customer sees them: description × quantity. */
  items: z.array(z.object({ description: z.string(), quantity: z.number().int() })),
  /** The customer signed the contract (or approved the order on their page). */
  signed: z.boolean(),
  /** Minor units; present only to those who may see balances (`callerCardMoney`). */
  balanceDue: z.number().int().optional(),
  deliveryWindow: timeWindow.nullable(),
  surface: z.string().nullable(),
  /** The setup address's second line, where the order editor keeps the gate code. */
  addressLine2: z.string().nullable(),
});
export type CallerCardOrder = z.output<typeof callerCardOrderSchema>;

/** A quote, hold or draft of the caller's whose event is still ahead. */
export const callerCardQuoteSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: z.enum(['draft', 'quote', 'hold']),
  eventStart: z.string(),
  /** Until when a hold holds its stock (back-office spec §4); null for a quote or a draft. */
  holdExpiresAt: z.string().nullable(),
  /** Minor units; present only to those who may see balances. */
  total: z.number().int().optional(),
});
export type CallerCardQuote = z.output<typeof callerCardQuoteSchema>;

export const callerCardSchema = z.object({
  customer: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phoneNumber: z.string().nullable(),
  }),
  order: callerCardOrderSchema.nullable(),
  quotes: z.array(callerCardQuoteSchema),
  /** The sum of the customer's bookings' totals, minor units; only with `reports.financial`. */
  lifetimeValue: z.number().int().optional(),
  currency: z.string(),
  /** The account's time zone: the dates and windows as the business and its customer read them. */
  timeZone: z.string(),
});
export type CallerCard = z.output<typeof callerCardSchema>;
