import { z } from 'zod';

/**
 * Issue 24 item 2, "hold for caller": on a call, staff type the date and ZIP the caller asks
 * about and see what is free with its price for that window (`GET /api/orders/caller-offer`);
 * "Hold for caller" makes an order for the caller that holds the chosen items for 30 minutes
 * (`HOLD_DURATION_MS.phone`) and texts them the link to their order page, which counts down
 * and has a "Book it" button (`POST /api/orders/caller-holds`). An expired hold frees its stock
 * by itself (the expire-holds sweep).
 */

const instant = (what: string) => z.iso.datetime({ offset: true, error: `Enter ${what}` });

const partyWindow = {
  start: instant('the party’s start'),
  end: instant('the party’s end'),
  /** The party's ZIP code: the delivery fee for it is shown beside the items. */
  postalCode: z.string().trim().max(20, 'Must be at most 20 characters').default(''),
};

const endsAfterStart = (w: { start: string; end: string }) =>
  Date.parse(w.end) > Date.parse(w.start);

export const callerOfferQuerySchema = z
  .object(partyWindow)
  .refine(endsAfterStart, { path: ['end'], error: 'The party must end after it starts' });
export type CallerOfferQuery = z.output<typeof callerOfferQuerySchema>;

export const callerOfferItemSchema = z.object({
  productId: z.string(),
  name: z.string(),
  /** How many are free over the item's reserved range (its buffers included). */
  available: z.number().int(),
  /** The rental price of one for the window, in minor units (§5.2). */
  price: z.number().int(),
});
export type CallerOfferItem = z.output<typeof callerOfferItemSchema>;

export const callerOfferResponseSchema = z.object({
  /** The active products with at least one free, by name. */
  items: z.array(callerOfferItemSchema),
  /** The delivery fee for the ZIP code, or why there is none; null without a ZIP code. */
  delivery: z
    .discriminatedUnion('ok', [
      z.object({ ok: z.literal(true), amount: z.number().int(), explanation: z.string() }),
      z.object({ ok: z.literal(false), message: z.string() }),
    ])
    .nullable(),
  /** The blackouts the party falls on, by name: a hard one closes the day (§12). */
  blackouts: z.array(z.string()),
});
export type CallerOfferResponse = z.output<typeof callerOfferResponseSchema>;

export const callerHoldInputSchema = z
  .object({
    customerId: z.uuid({ error: 'Choose the caller' }),
    ...partyWindow,
    lines: z
      .array(
        z.object({
          productId: z.uuid({ error: 'Choose an item' }),
          quantity: z
            .number({ error: 'Enter a quantity' })
            .int('Enter a whole number')
            .min(1, 'Hold at least one')
            .max(500, 'Must be at most 500'),
        }),
      )
      .min(1, 'Choose at least one item to hold')
      .max(50, 'Hold at most 50 items at once'),
  })
  .refine(endsAfterStart, { path: ['end'], error: 'The party must end after it starts' });
export type CallerHoldInput = z.input<typeof callerHoldInputSchema>;

export const callerHoldResponseSchema = z.object({
  orderId: z.string(),
  orderNumber: z.number().int(),
  /** When the hold ends and its stock is free again. */
  holdExpiresAt: z.string(),
  /** The customer's order page, as texted. */
  link: z.string().nullable(),
  /** Whether the link was queued as a text; when not, why (no mobile number, opted out…). */
  texted: z.boolean(),
  notTexted: z.string().nullable(),
});
export type CallerHoldResponse = z.output<typeof callerHoldResponseSchema>;
