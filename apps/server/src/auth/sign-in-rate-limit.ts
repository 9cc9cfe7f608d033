import { and, count, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { signInFailures } from './tables.js';

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

export type SignInClaim = { blocked: true } | { blocked: false; attemptId: string };

/**
 * Counts and checks in one atomic step: under a transaction lock on this e-mail and one on this
 * address, counts the failures within the window and, unless either is over its limit, records
 * this attempt as a failure before the password is checked. Thirty concurrent tries therefore
 * get exactly as many password checks as the limit allows; a success takes its row back
 * (`signInSucceeded`).
 */
export async function claimSignInAttempt(
  db: Db,
  email: string,
  address: string,
): Promise<SignInClaim> {
  return db.transaction(async (tx) => {
    // Always e-mail first, then address: two claims never wait on each other in a circle.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`sign-in e-mail ${email}`})),
                 pg_advisory_xact_lock(hashtext(${`sign-in address ${address}`}))`,
    );
    const since = new Date(Date.now() - SIGN_IN_WINDOW_MS);
    const [byEmail] = await tx
      .select({ n: count() })
      .from(signInFailures)
      .where(and(eq(signInFailures.email, email), gt(signInFailures.createdAt, since)));
    if ((byEmail?.n ?? 0) >= MAX_FAILURES_PER_EMAIL) return { blocked: true };
    const [byAddress] = await tx
      .select({ n: count() })
      .from(signInFailures)
      .where(and(eq(signInFailures.address, address), gt(signInFailures.createdAt, since)));
    if ((byAddress?.n ?? 0) >= MAX_FAILURES_PER_ADDRESS) return { blocked: true };
    const [attempt] = await tx
      .insert(signInFailures)
      .values({ email, address })
      .returning({ id: signInFailures.id });
    // Old rows only ever count against nobody; drop them as we go.
    await tx
      .delete(signInFailures)
      .where(
        and(
          or(eq(signInFailures.email, email), eq(signInFailures.address, address)),
          lt(signInFailures.createdAt, since),
        ),
      );
    if (!attempt) throw new Error('sign-in attempt was not recorded');
    return { blocked: false, attemptId: attempt.id };
  });
}

/** The password was right: this e-mail's failures (this attempt's included) are forgiven. */
export async function signInSucceeded(db: Db, email: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.email, email));
}
