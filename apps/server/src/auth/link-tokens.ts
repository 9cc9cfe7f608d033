import { createHash, randomBytes } from 'node:crypto';
import { lt, or } from 'drizzle-orm';
import { type AnyPgColumn, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The secrets in links sent by e-mail or text (an e-mail check, a password reset, a staff
 * invitation): 32 random bytes, of which only the SHA-256 is stored, so a copy of the
 * database opens nothing.
 */
export const newLinkToken = () => randomBytes(32).toString('base64url');
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The columns of a link that works once until it expires: its token's hash, when it was used,
 * and when it was revoked (a newer link, or another of the user's links used).
 */
export const singleUseLinkColumns = () => ({
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** Links that stopped working (expired, used or revoked) before `before`: the clean-up's rows. */
export function deadLinksBefore(
  link: { expiresAt: AnyPgColumn; usedAt: AnyPgColumn; revokedAt: AnyPgColumn },
  before: Date,
) {
  return or(lt(link.expiresAt, before), lt(link.usedAt, before), lt(link.revokedAt, before));
}
