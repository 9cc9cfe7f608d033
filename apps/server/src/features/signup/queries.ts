import { type Checklist, checklistFrom } from '@tentpole/domain';
import { and, eq, exists, gt, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { accounts, memberships, users } from '../../auth/tables.js';
import type { Db } from '../../db/client.js';
import { products } from '../inventory/tables.js';
import { phoneServices } from '../phone/tables.js';
import { schedules } from '../schedule/tables.js';
import { staffInvites } from '../staff/tables.js';
import { storeSettings } from '../store/tables.js';
import { accountOnboarding } from './tables.js';

/** Whether the user has proved their e-mail address. */
export async function isEmailVerified(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ at: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return Boolean(row?.at);
}

/**
 * The first-run checklist of the account: this query fetches the facts (`ChecklistFacts`) from
 * the account's own data; `checklistFrom` (domain) decides what they tick and who sees it.
 */
export async function checklistOf(
  db: Db,
  user: { id: string; email: string; accountId: string; roles: readonly string[] },
  now: Date,
): Promise<Checklist> {
  const { accountId } = user;
  const one = sql`1`;
  const [row] = await db
    .select({
      signedUp: isNotNull(accountOnboarding.accountId),
      dismissed: isNotNull(accountOnboarding.dismissedAt),
      storeSlug: sql<string | null>`coalesce(${storeSettings.slug}, ${accounts.slug})`,
      emailVerified: sql<boolean>`(select ${users.emailVerifiedAt} is not null from ${users} where ${users.id} = ${user.id})`,
      activeProduct: exists(
        db
          .select({ one })
          .from(products)
          .where(and(eq(products.accountId, accountId), eq(products.status, 'active'))),
      ),
      hoursSaved: exists(
        db.select({ one }).from(schedules).where(eq(schedules.accountId, accountId)),
      ),
      businessNumber: exists(
        db
          .select({ one })
          .from(phoneServices)
          .where(and(eq(phoneServices.accountId, accountId), isNotNull(phoneServices.phoneNumber))),
      ),
      otherMember: exists(
        db
          .select({ one })
          .from(memberships)
          .where(and(eq(memberships.accountId, accountId), ne(memberships.userId, user.id))),
      ),
      liveInvitation: exists(
        db
          .select({ one })
          .from(staffInvites)
          .where(
            and(
              eq(staffInvites.accountId, accountId),
              isNull(staffInvites.revokedAt),
              or(isNotNull(staffInvites.acceptedAt), gt(staffInvites.expiresAt, now)),
            ),
          ),
      ),
      storeAddressChosen: isNotNull(storeSettings.accountId),
    })
    .from(accounts)
    .leftJoin(accountOnboarding, eq(accountOnboarding.accountId, accounts.id))
    .leftJoin(storeSettings, eq(storeSettings.accountId, accounts.id))
    .where(eq(accounts.id, accountId));
  // Boolean(): the boolean columns come back untyped (and the session's account may be gone).
  return checklistFrom(
    {
      signedUp: Boolean(row?.signedUp),
      dismissed: Boolean(row?.dismissed),
      emailVerified: Boolean(row?.emailVerified),
      storeSlug: row?.storeSlug ?? null,
      activeProduct: Boolean(row?.activeProduct),
      hoursSaved: Boolean(row?.hoursSaved),
      businessNumber: Boolean(row?.businessNumber),
      otherMember: Boolean(row?.otherMember),
      liveInvitation: Boolean(row?.liveInvitation),
      storeAddressChosen: Boolean(row?.storeAddressChosen),
    },
    user,
  );
}
