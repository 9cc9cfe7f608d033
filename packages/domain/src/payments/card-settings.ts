import { z } from 'zod';

/**
 * §6, issue 18: what the account's card payments do on their own, with a card the customer
 * saved. Stored under the account's settings `payments`; a field missing reads as the default
 * (both off until the business turns them on: nobody's card is charged by surprise).
 */
export const cardSettingsSchema = z.object({
  /** Charge the balance to the card on file this many days before the event. */
  autopay: z
    .object({ enabled: z.boolean(), daysBefore: z.number().int().min(1).max(30) })
    .default({ enabled: false, daysBefore: 3 }),
  /** Hold the security deposit on the card on file this many days before the event. */
  securityDepositHold: z
    .object({ enabled: z.boolean(), daysBefore: z.number().int().min(1).max(6) })
    .default({ enabled: false, daysBefore: 2 }),
});
export type CardSettings = z.output<typeof cardSettingsSchema>;

export const cardOnFileSchema = z.object({
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  savedAt: z.string(),
});
export type CardOnFile = z.output<typeof cardOnFileSchema>;

/** An automatic charge of the order: the balance (autopay) or the security deposit hold. */
export const orderCardChargeSchema = z.object({
  id: z.string(),
  kind: z.enum(['autopay', 'hold']),
  amount: z.number().int(),
  status: z.enum(['pending', 'succeeded', 'held', 'captured', 'released', 'failed']),
  captured: z.number().int(),
  failure: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type OrderCardCharge = z.output<typeof orderCardChargeSchema>;

/** GET /api/orders/{id}/card */
export const orderCardResponseSchema = z.object({
  card: cardOnFileSchema.nullable(),
  charges: z.array(orderCardChargeSchema),
  settings: cardSettingsSchema,
});

/** POST /api/orders/{id}/card-hold/capture: keep part or all of the hold, saying why. */
export const holdCaptureInputSchema = z.object({
  amount: z
    .number({ error: 'Enter an amount' })
    .int('Amounts are whole cents')
    .min(50, 'Capture at least $0.50'),
  note: z.string().trim().min(1, 'Say why it is kept').max(500),
});
