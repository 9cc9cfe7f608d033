import { CHECKLIST_STEPS, type Checklist, type ChecklistStep, isOwner } from '@tentpole/domain';
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
 * The first-run checklist of the account, each step ticked from the account's own data: an
 * active product; business hours saved; a business number connected; a second member or an
 * invitation not revoked; the store's address chosen (the store is then live at /s/{slug}).
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
      started: isNotNull(accountOnboarding.accountId),
      dismissed: isNotNull(accountOnboarding.dismissedAt),
      slug: sql<string | null>`coalesce(${storeSettings.slug}, ${accounts.slug})`,
      verified: sql<boolean>`(select ${users.emailVerifiedAt} is not null from ${users} where ${users.id} = ${user.id})`,
      products: exists(
        db
          .select({ one })
          .from(products)
          .where(and(eq(products.accountId, accountId), eq(products.status, 'active'))),
      ),
      hours: exists(db.select({ one }).from(schedules).where(eq(schedules.accountId, accountId))),
      phone: exists(
        db
          .select({ one })
          .from(phoneServices)
          .where(and(eq(phoneServices.accountId, accountId), isNotNull(phoneServices.phoneNumber))),
      ),
      team: sql<boolean>`(${exists(
        db
          .select({ one })
          .from(memberships)
          .where(and(eq(memberships.accountId, accountId), ne(memberships.userId, user.id))),
      )} or ${exists(
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
      )})`,
      store: isNotNull(storeSettings.accountId),
    })
    .from(accounts)
    .leftJoin(accountOnboarding, eq(accountOnboarding.accountId, accounts.id))
    .leftJoin(storeSettings, eq(storeSettings.accountId, accounts.id))
    .where(eq(accounts.id, accountId));
  const done = (step: ChecklistStep) => Boolean(row?.[step]);
  return {
    show: Boolean(row?.started) && !row?.dismissed && isOwner(user.roles),
    email: user.email,
    emailVerified: Boolean(row?.verified),
    storeSlug: row?.slug ?? null,
    steps: CHECKLIST_STEPS.map((step) => ({ step, done: done(step) })),
  };
}
