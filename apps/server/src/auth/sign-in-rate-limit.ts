import { and, count, eq, gt, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { signInFailures } from './tables.js';

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

/** True when this e-mail or this address has failed too often within the window. */
export async function signInBlocked(db: Db, email: string, address: string): Promise<boolean> {
  const since = new Date(Date.now() - SIGN_IN_WINDOW_MS);
  const [byEmail] = await db
    .select({ n: count() })
    .from(signInFailures)
    .where(and(eq(signInFailures.email, email), gt(signInFailures.createdAt, since)));
  if ((byEmail?.n ?? 0) >= MAX_FAILURES_PER_EMAIL) return true;
  const [byAddress] = await db
    .select({ n: count() })
    .from(signInFailures)
    .where(and(eq(signInFailures.address, address), gt(signInFailures.createdAt, since)));
  return (byAddress?.n ?? 0) >= MAX_FAILURES_PER_ADDRESS;
}

export async function recordSignInFailure(db: Db, email: string, address: string): Promise<void> {
  await db.insert(signInFailures).values({ email, address });
  // Old rows only ever count against nobody; drop them as we go.
  await db
    .delete(signInFailures)
    .where(
      and(
        or(eq(signInFailures.email, email), eq(signInFailures.address, address)),
        lt(signInFailures.createdAt, new Date(Date.now() - SIGN_IN_WINDOW_MS)),
      ),
    );
}

export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.email, email));
}
