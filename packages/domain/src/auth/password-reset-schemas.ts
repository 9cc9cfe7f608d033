import { z } from 'zod';
import { emailSchema, passwordSchema } from './new-sign-in-schema';

/** Issue 23 (sign-up's leftover): how long a password-reset link works. */
export const PASSWORD_RESET_HOURS = 1;

/** What the request answers, whether or not the address has a sign-in (no enumeration). */
export const PASSWORD_RESET_SENT_MESSAGE =
  'If that address has a Tentpole sign-in, a link to reset its password is on its way.';

/** What a link that is unknown, expired, used or replaced is refused with. */
export const PASSWORD_RESET_INVALID_LINK = 'This reset link no longer works. Ask for a new one.';

/** A reset token: 32 random bytes in base64url, as a verification token. */
export const PASSWORD_RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export type PasswordResetRequest = z.output<typeof passwordResetRequestSchema>;

export const passwordResetRequestedSchema = z.object({ message: z.string() });
export type PasswordResetRequested = z.output<typeof passwordResetRequestedSchema>;

export const passwordResetConfirmSchema = z.object({
  token: z
    .string({ error: 'The link is incomplete' })
    .regex(PASSWORD_RESET_TOKEN_PATTERN, 'The link is incomplete'),
  password: passwordSchema,
});
export type PasswordResetConfirm = z.output<typeof passwordResetConfirmSchema>;

/** The password is set; the client signs in with it (every earlier session has ended). */
export const passwordResetDoneSchema = z.object({ email: z.string() });
export type PasswordResetDone = z.output<typeof passwordResetDoneSchema>;
