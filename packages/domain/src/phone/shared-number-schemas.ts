import { z } from 'zod';

/**
 * Issue 24 item 1: several customers on one number (a family, a small office). A call or a
 * conversation from a number several customers share names nobody until the one who answers
 * chooses; the choice is kept on the call, or on the conversation (decision 0062).
 */
export const callersQuerySchema = z.object({
  number: z
    .string({ error: 'Phone number is required' })
    .trim()
    .min(1, 'Phone number is required')
    .max(40),
});
export type CallersQuery = z.output<typeof callersQuerySchema>;

export const callerSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().nullable(),
});
export type Caller = z.output<typeof callerSchema>;

/** The customers whose phone number this is, by name (none, one, or several who share it). */
export const callersResponseSchema = z.object({ customers: z.array(callerSchema) });
export type CallersResponse = z.output<typeof callersResponseSchema>;

export const CHOOSE_A_CALLER_MESSAGE = 'Choose a customer with this phone number';

/** Who a call or a conversation is with: one of the customers with its number. */
export const chooseCallerInputSchema = z.object({
  customerId: z
    .string({ error: CHOOSE_A_CALLER_MESSAGE })
    .trim()
    .min(1, CHOOSE_A_CALLER_MESSAGE)
    .max(100),
});
export type ChooseCallerInput = z.output<typeof chooseCallerInputSchema>;

export const chosenCallerSchema = z.object({ customer: callerSchema });
export type ChosenCaller = z.output<typeof chosenCallerSchema>;
