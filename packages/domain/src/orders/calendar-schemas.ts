import { z } from 'zod';
import { orderStatusSchema } from './order-status';

/** The longest span one calendar question covers: a month view with its leading and trailing weeks. */
export const CALENDAR_SPAN_MAX_DAYS = 62;

const instant = (what: string) =>
  z.iso.datetime({ offset: true, error: `Enter ${what} as a date and time` });

/** GET /api/orders/calendar: the orders whose event overlaps [from, to), cancelled ones left out. */
export const orderCalendarQuerySchema = z
  .object({ from: instant('the first day'), to: instant('the last day') })
  .superRefine((value, ctx) => {
    const span = Date.parse(value.to) - Date.parse(value.from);
    if (span <= 0)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end must be after the start' });
    else if (span > CALENDAR_SPAN_MAX_DAYS * 86_400_000)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `At most ${CALENDAR_SPAN_MAX_DAYS} days at a time`,
      });
  });
export type OrderCalendarQuery = z.output<typeof orderCalendarQuerySchema>;

const windowSchema = z.object({ start: z.string(), end: z.string() }).nullable();

export const calendarOrderSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: orderStatusSchema,
  customerName: z.string(),
  eventStart: z.string(),
  eventEnd: z.string(),
  fulfilment: z.enum(['delivery', 'pickup']),
  deliveryWindow: windowSchema,
  pickupWindow: windowSchema,
  /** "12 Oak St, Austin" for the day sheet; null without an address. */
  place: z.string().nullable(),
  surfaceId: z.string().nullable(),
  damageWaiver: z.boolean(),
  taxExempt: z.boolean(),
  total: z.number().int(),
  balance: z.number().int(),
  signed: z.boolean(),
  /** The product lines, to re-check and re-price a move, and for the day sheet. */
  lines: z.array(z.object({ productId: z.string(), name: z.string(), quantity: z.number() })),
});
export type CalendarOrder = z.output<typeof calendarOrderSchema>;
/** §12 on the calendar: a blackout and the days of the range it covers (local YYYY-MM-DD). */
export const calendarBlackoutSchema = z.object({
  name: z.string(),
  kind: z.enum(['hard', 'online_only']),
  scope: z.enum(['business', 'category', 'product']),
  days: z.array(z.string()),
});
export type CalendarBlackout = z.output<typeof calendarBlackoutSchema>;

export const orderCalendarResponseSchema = z.object({
  orders: z.array(calendarOrderSchema),
  blackouts: z.array(calendarBlackoutSchema).default([]),
});
