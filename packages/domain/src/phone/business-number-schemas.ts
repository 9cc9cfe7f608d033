import { z } from 'zod';

/**
 * Decision 0066: a new business gets its Reach number itself. It searches the carrier's local
 * US numbers (by area code, or any), picks one and buys it.
 */
export const AREA_CODE_MESSAGE = 'Enter a 3-digit area code';
export const CHOOSE_A_NUMBER_MESSAGE = 'Choose a number';
export const NUMBER_TAKEN_MESSAGE = 'That number was just taken. Choose another.';
export const ALREADY_HAS_NUMBER_MESSAGE = 'This business already has a number.';
/** Decision 0065: buying a number waits until the buyer has proved their e-mail address. */
export const CONFIRM_EMAIL_FOR_NUMBER_MESSAGE =
  'Confirm your e-mail before getting a number: use the link we sent you.';
/** How many numbers one search offers. */
export const AVAILABLE_NUMBERS_LIMIT = 10;

export const availableNumbersQuerySchema = z.object({
  // An empty field searches any area.
  areaCode: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .trim()
      .regex(/^\d{3}$/, AREA_CODE_MESSAGE)
      .optional(),
  ),
});
export type AvailableNumbersQuery = z.output<typeof availableNumbersQuerySchema>;

export const availableNumberSchema = z.object({
  phoneNumber: z.string(),
  locality: z.string().nullable(),
  region: z.string().nullable(),
});
export type AvailableNumber = z.output<typeof availableNumberSchema>;

export const availableNumbersResponseSchema = z.object({
  numbers: z.array(availableNumberSchema).max(AVAILABLE_NUMBERS_LIMIT),
});
export type AvailableNumbersResponse = z.output<typeof availableNumbersResponseSchema>;

/** One of the numbers a search offered, as the carrier wrote it (E.164). */
export const connectNumberInputSchema = z.object({
  phoneNumber: z
    .string({ error: CHOOSE_A_NUMBER_MESSAGE })
    .trim()
    .regex(/^\+1\d{10}$/, CHOOSE_A_NUMBER_MESSAGE),
});
export type ConnectNumberInput = z.output<typeof connectNumberInputSchema>;

/** Texts wait for A2P registration (messagingStatus null); calls work at once. */
export const connectNumberResponseSchema = z.object({
  phoneNumber: z.string(),
  messagingStatus: z.string().nullable(),
});
export type ConnectNumberResponse = z.output<typeof connectNumberResponseSchema>;
