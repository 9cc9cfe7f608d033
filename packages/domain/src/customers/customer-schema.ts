import { z } from 'zod';
import { normalizePhone } from '../phone/normalize-phone';
import {
  INVALID_PHONE_NUMBER_MESSAGE,
  validateOutboundNumber,
} from '../phone/validate-outbound-number';

// spec §5: "default required-field messages using the labels First Name, Last Name, Email":
// the form libraries' default wording with the label in it, '<Label> is a required field'
// (decision 0013).
export const FIRST_NAME_REQUIRED_MESSAGE = 'First Name is a required field';
export const LAST_NAME_REQUIRED_MESSAGE = 'Last Name is a required field';
export const EMAIL_REQUIRED_MESSAGE = 'Email is a required field';

// Missing, not a string, or blank after trimming: all give the same message.
function requiredText(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message });
}

// Optional, nullable text that may be empty: blank is stored as null.
const optionalText = z
  .string()
  .trim()
  .nullable()
  .transform((value) => (value ? value : null));

// spec §5: a non-blank phone number must pass the outbound number rule, and is stored
// normalised ('(555) 010-0123' → '+15550100123').
const optionalPhoneNumber = optionalText.pipe(
  z
    .string()
    .nullable()
    .refine((value) => value === null || validateOutboundNumber(value) === null, {
      error: INVALID_PHONE_NUMBER_MESSAGE,
    })
    .transform((value) => (value === null ? null : normalizePhone(value))),
);

const points = z.number().int().min(0);
const banned = z.boolean();

const requiredFields = {
  firstName: requiredText(FIRST_NAME_REQUIRED_MESSAGE),
  lastName: requiredText(LAST_NAME_REQUIRED_MESSAGE),
  // spec §5: no e-mail format check is shown, so none is made.
  email: requiredText(EMAIL_REQUIRED_MESSAGE),
};

/** spec §3, §5: a customer as created. Unknown keys are stripped. */
export const customerInputSchema = z.object({
  ...requiredFields,
  company: optionalText.default(null),
  phoneNumber: optionalPhoneNumber.default(null),
  internalNotes: optionalText.default(null),
  reference: optionalText.default(null),
  points: points.default(0),
  banned: banned.default(false),
});

export type CustomerInput = z.output<typeof customerInputSchema>;
export type CustomerFormValues = z.input<typeof customerInputSchema>;

/** The same fields for an update: every field optional, and an absent field stays absent. */
export const customerPatchSchema = z.object({
  firstName: requiredFields.firstName.optional(),
  lastName: requiredFields.lastName.optional(),
  email: requiredFields.email.optional(),
  company: optionalText.optional(),
  phoneNumber: optionalPhoneNumber.optional(),
  internalNotes: optionalText.optional(),
  reference: optionalText.optional(),
  points: points.optional(),
  banned: banned.optional(),
});

export type CustomerPatch = z.output<typeof customerPatchSchema>;
