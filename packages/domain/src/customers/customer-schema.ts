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

// Not in the spec (it shows no limits): ours, so that no field can break a page or the database.
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const COMPANY_MAX = 200;
export const REFERENCE_MAX = 100;
export const INTERNAL_NOTES_MAX = 5000;
/** The database's integer: more points than this cannot be stored. */
export const POINTS_MAX = 2_147_483_647;
const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

// Missing, not a string, or blank after trimming: all give the same message.
function requiredText(message: string, label: string, max: number) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: tooLong(label, max) });
}

// Optional, nullable text that may be empty: blank is stored as null.
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: tooLong(label, max) })
    .nullable()
    .transform((value) => (value ? value : null));

// spec §5: a non-blank phone number must pass the outbound number rule, and is stored
// normalised ('(555) 010-0123' → '+15550100123').
const optionalPhoneNumber = optionalText('Phone Number', 40).pipe(
  z
    .string()
    .nullable()
    .refine((value) => value === null || validateOutboundNumber(value) === null, {
      error: INVALID_PHONE_NUMBER_MESSAGE,
    })
    .transform((value) => (value === null ? null : normalizePhone(value))),
);

const points = z
  .number()
  .int()
  .min(0)
  .max(POINTS_MAX, { error: `Points must be at most ${POINTS_MAX.toLocaleString('en-US')}` });
const banned = z.boolean();

const requiredFields = {
  firstName: requiredText(FIRST_NAME_REQUIRED_MESSAGE, 'First Name', NAME_MAX),
  lastName: requiredText(LAST_NAME_REQUIRED_MESSAGE, 'Last Name', NAME_MAX),
  // spec §5: no e-mail format check is shown, so none is made.
  email: requiredText(EMAIL_REQUIRED_MESSAGE, 'Email', EMAIL_MAX),
};

/** spec §3, §5: a customer as created. Unknown keys are stripped. */
export const customerInputSchema = z.object({
  ...requiredFields,
  company: optionalText('Company', COMPANY_MAX).default(null),
  phoneNumber: optionalPhoneNumber.default(null),
  internalNotes: optionalText('Internal Notes', INTERNAL_NOTES_MAX).default(null),
  reference: optionalText('Reference', REFERENCE_MAX).default(null),
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
  company: optionalText('Company', COMPANY_MAX).optional(),
  phoneNumber: optionalPhoneNumber.optional(),
  internalNotes: optionalText('Internal Notes', INTERNAL_NOTES_MAX).optional(),
  reference: optionalText('Reference', REFERENCE_MAX).optional(),
  points: points.optional(),
  banned: banned.optional(),
});

export type CustomerPatch = z.output<typeof customerPatchSchema>;
