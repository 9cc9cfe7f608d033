import {
  PASSWORD_RESET_HOURS,
  PASSWORD_RESET_INVALID_LINK,
  PASSWORD_RESET_SENT_MESSAGE,
  type PasswordResetConfirm,
  type PasswordResetDone,
  type PasswordResetRequested,
} from '@tentpole/domain';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { hashLinkToken, newLinkToken } from '../../auth/link-tokens.js';
import { hashPassword } from '../../auth/password.js';
import { signInSucceeded } from '../../auth/sign-in-rate-limit.js';
import { accounts, memberships, users } from '../../auth/tables.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { escapeHtml } from '../../http/escape-html.js';
import { hit, type Limit } from '../../http/rate-limit.js';
import { queueEmail } from '../emails/queries.js';
import { passwordResets } from './tables.js';

const HOUR_MS = 3_600_000;

// As the sign-in's and sign-up's limits (20 per address, 5 per e-mail, in 15 minutes): every
// request counts, whether or not the address has a sign-in, so the limit itself tells nothing.
const WINDOW_MS = 15 * 60_000;
/** Requests from one address: someone locked out asks a few times, a script many. */
export const RESETS_PER_ADDRESS: Limit = {
  name: 'password-resets-per-address',
  max: 20,
  windowMs: WINDOW_MS,
  message: 'Too many reset requests from here. Try again in a few minutes.',
};
/** Requests for one e-mail: nobody's inbox is flooded with links. */
export const RESETS_PER_EMAIL: Limit = {
  name: 'password-resets-per-email',
  max: 5,
  windowMs: WINDOW_MS,
  message:
    'Too many reset requests for this e-mail. Check your inbox, or try again in a few minutes.',
};

const invalidLink = () =>
  new AppError('bad_request', PASSWORD_RESET_INVALID_LINK, {
    token: [PASSWORD_RESET_INVALID_LINK],
  });

/**
 * Answers the same whether or not `email` has a sign-in (no account enumeration). When it has
 * one, the user's earlier open links are revoked and a new one is queued with its e-mail in
 * the same transaction (the outbox sends it once). The e-mail goes out under the account the
 * user belongs to first (an active membership before a suspended one); a user with no account
 * at all has nothing to sign in to, and gets none.
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  deps: { appUrl: string; now: Date; address: string },
): Promise<PasswordResetRequested> {
  await hit(db, RESETS_PER_ADDRESS, deps.address, deps.now);
  await hit(db, RESETS_PER_EMAIL, email, deps.now);
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      accountId: memberships.accountId,
      business: accounts.name,
    })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(sql`lower(${users.email}) = ${email}`)
    .orderBy(sql`${memberships.suspendedAt} is not null`, asc(memberships.createdAt))
    .limit(1);
  if (user) {
    const token = newLinkToken();
    await db.transaction(async (tx) => {
      await tx
        .update(passwordResets)
        .set({ revokedAt: deps.now })
        .where(
          and(
            eq(passwordResets.userId, user.id),
            isNull(passwordResets.usedAt),
            isNull(passwordResets.revokedAt),
          ),
        );
      await tx.insert(passwordResets).values({
        userId: user.id,
        tokenHash: hashLinkToken(token),
        expiresAt: new Date(deps.now.getTime() + PASSWORD_RESET_HOURS * HOUR_MS),
      });
      const link = `${deps.appUrl}/auth/reset-password/${token}`;
      const lifetime = PASSWORD_RESET_HOURS === 1 ? 'an hour' : `${PASSWORD_RESET_HOURS} hours`;
      const text = `Hi ${user.name},\n\nSomeone (we hope you) asked to reset the password of the Tentpole sign-in ${user.email}. Choose a new password here:\n${link}\n\nThe link works once and expires in ${lifetime}. Setting a new password signs you out everywhere. If you did not ask for this, ignore this e-mail: your password stays as it is.`;
      const html = `<p>Hi ${escapeHtml(user.name)},</p><p>Someone (we hope you) asked to reset the password of the Tentpole sign-in ${escapeHtml(user.email)}.</p><p><a href="${escapeHtml(link)}">Choose a new password</a></p><p>The link works once and expires in ${lifetime}. Setting a new password signs you out everywhere. If you did not ask for this, ignore this e-mail: your password stays as it is.</p>`;
      await queueEmail(tx, {
        accountId: user.accountId,
        kind: 'password_reset',
        to: user.email,
        subject: 'Reset your Tentpole password',
        text,
        html,
      });
    });
  }
  return { message: PASSWORD_RESET_SENT_MESSAGE };
}

const openLink = (tokenHash: string, now: Date) =>
  and(
    eq(passwordResets.tokenHash, tokenHash),
    isNull(passwordResets.usedAt),
    isNull(passwordResets.revokedAt),
    gt(passwordResets.expiresAt, now),
  );

/**
 * Sets the new password with a link, once: the update that marks the link used is the check,
 * so two submissions of one link cannot both succeed. In the same transaction the user's other
 * open links are revoked, the e-mail counts as verified (the user proved the address), and the
 * new hash ends every session of the user (trigger `users_password_ends_sessions`, 0008).
 */
export async function confirmPasswordReset(
  db: Db,
  input: PasswordResetConfirm,
  now: Date,
): Promise<PasswordResetDone> {
  const tokenHash = hashLinkToken(input.token);
  // A dead link costs no password hash.
  const [open] = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(openLink(tokenHash, now));
  if (!open) throw invalidLink();
  const passwordHash = await hashPassword(input.password);
  const email = await db.transaction(async (tx) => {
    const [link] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(openLink(tokenHash, now))
      .returning({ userId: passwordResets.userId });
    if (!link) throw invalidLink();
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(users.id, link.userId))
      .returning({ email: users.email });
    if (!user) throw invalidLink();
    await tx
      .update(passwordResets)
      .set({ revokedAt: now })
      .where(
        and(
          eq(passwordResets.userId, link.userId),
          isNull(passwordResets.usedAt),
          isNull(passwordResets.revokedAt),
        ),
      );
    return user.email.toLowerCase();
  });
  // Locked out by wrong guesses, the owner of the address may sign in again at once.
  await signInSucceeded(db, email);
  return { email };
}
