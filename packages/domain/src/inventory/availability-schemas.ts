import { z } from 'zod';

export const AVAILABILITY_ITEMS_MAX = 100;
/** The longest window one availability question may span. */
export const AVAILABILITY_SPAN_MAX_DAYS = 400;

const instant = z.iso.datetime({ offset: true, error: 'Enter a date and time with its offset' });

/** `<productId>:<qty>,...` as the appendix writes it. */
const itemsParam = z
  .string({ error: 'List the items as productId:quantity' })
  .trim()
  .min(1, 'List at least one item')
  .transform((value, ctx) => {
    const items: { productId: string; quantity: number }[] = [];
    for (const part of value.split(',')) {
      const match = /^([0-9a-f-]{36}):(\d{1,6})$/i.exec(part.trim());
      const quantity = Number(match?.[2]);
      if (!match || quantity < 1) {
        ctx.addIssue({
          code: 'custom',
          message: `"${part.slice(0, 60)}" is not productId:quantity`,
        });
        return z.NEVER;
      }
      items.push({ productId: (match[1] as string).toLowerCase(), quantity });
    }
    if (items.length > AVAILABILITY_ITEMS_MAX) {
      ctx.addIssue({ code: 'custom', message: `At most ${AVAILABILITY_ITEMS_MAX} items` });
      return z.NEVER;
    }
    return items;
  });

/** GET /api/availability query. */
export const availabilityQuerySchema = z
  .object({
    start: instant,
    end: instant,
    items: itemsParam,
    excludeOrderId: z.string().uuid().optional(),
    surfaceId: z.string().uuid().optional(),
  })
  .superRefine((value, ctx) => {
    const start = Date.parse(value.start);
    const end = Date.parse(value.end);
    if (end <= start)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'End must be after start' });
    else if (end - start > AVAILABILITY_SPAN_MAX_DAYS * 86_400_000)
      ctx.addIssue({
        code: 'custom',
        path: ['end'],
        message: `At most ${AVAILABILITY_SPAN_MAX_DAYS} days at a time`,
      });
  });
export type AvailabilityQuery = z.output<typeof availabilityQuerySchema>;

export const conflictSchema = z.object({
  orderId: z.string(),
  number: z.number(),
  cart: z.boolean().optional(),
  quantity: z.number(),
  from: z.string(),
  until: z.string(),
});
export type ConflictBody = z.output<typeof conflictSchema>;

export const itemAvailabilitySchema = z.object({
  productId: z.string(),
  requested: z.number(),
  available: z.number(),
  conflicts: z.array(conflictSchema),
});
export const availabilityResponseSchema = z.object({ items: z.array(itemAvailabilitySchema) });
export type AvailabilityResponse = z.output<typeof availabilityResponseSchema>;

/** The 409 a holding write answers when stock is short (appendix). */
export const shortageSchema = itemAvailabilitySchema;
export type ShortageBody = z.output<typeof shortageSchema>;
export const unavailableErrorSchema = z.object({
  error: z.object({
    code: z.literal('unavailable'),
    message: z.string(),
    shortages: z.array(shortageSchema),
  }),
});

export { productMonthQuerySchema } from './product-list-query';
export const productMonthResponseSchema = z.object({
  month: z.string(),
  timezone: z.string(),
  owned: z.number(),
  /** One per day of the month in the account's timezone: the least free during that day. */
  days: z.array(
    z.object({
      date: z.string(),
      available: z.number(),
      held: z.number(),
      down: z.number(),
    }),
  ),
  /** The orders holding it during the month (its own lines and the bundles it is part of). */
  holders: z.array(
    z.object({
      orderId: z.string(),
      number: z.number(),
      status: z.string(),
      customerName: z.string(),
      quantity: z.number(),
      from: z.string(),
      until: z.string(),
    }),
  ),
});
export type ProductMonth = z.output<typeof productMonthResponseSchema>;
