import { z } from 'zod';

/**
 * A new sign-in's own fields, the same wherever one is made: accepting a staff invitation
 * (back-office spec §12) and signing a business up (decision 0065).
 */

export const MEMBER_NAME_MAX = 100;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

export const emailSchema = z
  .string({ error: 'Enter an e-mail address' })
  .trim()
  .toLowerCase()
  .max(320, 'The e-mail address is too long')
  .pipe(z.email('Enter a valid e-mail address'));

/** A new password, wherever one is chosen: a new sign-in, or a password reset. */
export const passwordSchema = z
  .string({ error: 'Choose a password' })
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters`);

export const newSignInSchema = z.object({
  name: z
    .string({ error: 'Enter your name' })
    .trim()
    .min(1, 'Enter your name')
    .max(MEMBER_NAME_MAX, `Your name must be at most ${MEMBER_NAME_MAX} characters`),
  email: emailSchema,
  password: passwordSchema,
});
export type NewSignInInput = z.output<typeof newSignInSchema>;
