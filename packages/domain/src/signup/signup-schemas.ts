import { z } from 'zod';
import type { PlanTier } from '../accounts/plan-tier';
import { newSignInSchema } from '../auth/new-sign-in-schema';
import { STORE_SLUG_PATTERN } from '../store/store-schemas';

/** Issue 23 item 5: a business that signs up gets this plan on a trial of this many days. */
export const SIGN_UP_PLAN: PlanTier = 'core';
export const SIGN_UP_TRIAL_DAYS = 14;
/** How long a verification link works. */
export const EMAIL_VERIFICATION_HOURS = 24;
export const BUSINESS_NAME_MAX = 80;

/** What signing up refuses a taken e-mail with (decision 0065: sign-up says so, rate limited). */
export const EMAIL_TAKEN_MESSAGE = 'There is already a Tentpole sign-in for this e-mail';

/** The sign-up form: the owner's name, e-mail and password, and the business's name. */
export const signUpInputSchema = newSignInSchema.extend({
  businessName: z
    .string({ error: 'Enter the name of your business' })
    .trim()
    .min(1, 'Enter the name of your business')
    .max(BUSINESS_NAME_MAX, `The business name must be at most ${BUSINESS_NAME_MAX} characters`),
});
export type SignUpInput = z.output<typeof signUpInputSchema>;

/** The new sign-in and account; the client then signs in with the same credentials. */
export const signUpResponseSchema = z.object({
  email: z.string(),
  accountId: z.string(),
  slug: z.string(),
});
export type SignUpResponse = z.output<typeof signUpResponseSchema>;

/** A verification token: 32 random bytes in base64url. */
export const VERIFICATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const verifyEmailInputSchema = z.object({
  token: z
    .string({ error: 'The link is incomplete' })
    .regex(VERIFICATION_TOKEN_PATTERN, 'The link is incomplete'),
});
export const verifyEmailResponseSchema = z.object({ email: z.string() });
export const resendVerificationResponseSchema = z.object({ sentTo: z.string() });

/**
 * The account's handle from its business name: lower-case letters, digits and dashes, at most
 * 40 characters (room for a `-2` suffix within the store address's 48), never empty.
 */
export function businessSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
  const result = slug || 'rentals';
  return STORE_SLUG_PATTERN.test(result) ? result : 'rentals';
}
