import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { shortLinks } from './tables.js';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
/** 10 characters of 57: about 58 bits, as unguessable as a link needs (the page behind it may be). */
export const SHORT_CODE_LENGTH = 10;
export const SHORT_CODE_PATTERN = new RegExp(`^[${ALPHABET}]{${SHORT_CODE_LENGTH}}$`);

function newCode(): string {
  let code = '';
  for (let i = 0; i < SHORT_CODE_LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/**
 * The short link for `target` (a path on the app's origin or an absolute https/http address),
 * made once: asking again for the same target, from any instance at once, returns the same
 * code (the insert yields to the unique index and the row is read back).
 */
export async function shortLinkFor(
  db: Db,
  input: { accountId: string; target: string; appUrl: string; expiresAt?: Date | null },
): Promise<string> {
  const { accountId, target } = input;
  if (!target.startsWith('/') && !/^https?:\/\//.test(target))
    throw new Error(`A short link needs a path or an http(s) address, not ${target}`);
  const base = input.appUrl.replace(/\/$/, '');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await db
      .insert(shortLinks)
      .values({ code: newCode(), accountId, target, expiresAt: input.expiresAt ?? null })
      // A code already taken (58 bits: next to never) or this target already linked.
      .onConflictDoNothing();
    const [row] = await db
      .select({ code: shortLinks.code })
      .from(shortLinks)
      .where(and(eq(shortLinks.accountId, accountId), eq(shortLinks.target, target)))
      .limit(1);
    if (row) return `${base}/l/${row.code}`;
  }
  throw new Error('Could not make a short link');
}

/** Where a short link goes, or why not: unknown, or past its end. */
export async function resolveShortLink(
  db: Db,
  code: string,
  now: Date,
): Promise<{ target: string } | { expired: true } | null> {
  if (!SHORT_CODE_PATTERN.test(code)) return null;
  const [row] = await db
    .select({
      target: shortLinks.target,
      expired: sql<boolean>`${shortLinks.expiresAt} is not null and ${shortLinks.expiresAt} <= ${now}`,
    })
    .from(shortLinks)
    .where(eq(shortLinks.code, code))
    .limit(1);
  if (!row) return null;
  return row.expired ? { expired: true } : { target: row.target };
}
