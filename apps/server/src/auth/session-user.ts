import type { SessionUser } from '@tentpole/domain';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { isUuid } from '../http/is-uuid.js';
import { accounts, memberships, users } from './tables.js';

/**
 * The session's user, computed from the database for the active account (spec §3 session
 * user). When the preferred account is not one of the user's (any more), the account they
 * hold, else the oldest they joined, is active instead. Null when the user is gone or
 * belongs to no account.
 */
export async function loadSessionUser(
  db: Db,
  userId: string,
  preferredAccountId: string | null | undefined,
): Promise<SessionUser | null> {
  if (!isUuid(userId)) return null;
  const preferred = isUuid(preferredAccountId) ? preferredAccountId : null;
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      accountId: memberships.accountId,
      roles: memberships.roles,
      planLevel: accounts.planLevel,
      trialEndDate: accounts.trialEndDate,
    })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(users.id, userId), isNull(memberships.suspendedAt)))
    .orderBy(
      ...(preferred ? [desc(sql`${memberships.accountId} = ${preferred}`)] : []),
      desc(sql`${memberships.kind} = 'holder'`),
      asc(memberships.createdAt),
    )
    .limit(1);
  return row ?? null;
}

export async function isMember(db: Db, userId: string, accountId: unknown): Promise<boolean> {
  if (!isUuid(userId) || !isUuid(accountId)) return false;
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(memberships)
    .where(
      and(
        eq(memberships.userId, userId),
        eq(memberships.accountId, accountId),
        isNull(memberships.suspendedAt),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
