import { z } from 'zod';

// spec §5: the outbound number's messages, to the letter.
export const PHONE_NUMBER_REQUIRED_MESSAGE = 'Phone number is required';
export const INVALID_PHONE_NUMBER_MESSAGE = 'Invalid phone number';

// spec §5: an optional plus, a digit 1-9, then 1 to 14 more digits (at most 15 in total).
export const OUTBOUND_NUMBER_PATTERN = /^\+?[1-9]\d{1,14}$/;

// Formatting a person may type around a number: whitespace, hyphens, parentheses, dots.
const FORMATTING_CHARACTERS = /[\s().-]/g;

/** spec §5: returns the error message for an outbound number, or null when it is valid. */
export function validateOutboundNumber(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed === '') return PHONE_NUMBER_REQUIRED_MESSAGE;
  const stripped = trimmed.replace(FORMATTING_CHARACTERS, '');
  return OUTBOUND_NUMBER_PATTERN.test(stripped) ? null : INVALID_PHONE_NUMBER_MESSAGE;
}

/** The same rule as a zod schema, for forms and request bodies. The value is not transformed. */
export const outboundNumberSchema = z
  .string({ error: PHONE_NUMBER_REQUIRED_MESSAGE })
  .superRefine((value, ctx) => {
    const message = validateOutboundNumber(value);
    if (message !== null) ctx.addIssue({ code: 'custom', message });
  });
