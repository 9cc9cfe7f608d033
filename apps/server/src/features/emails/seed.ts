import { appliesTo, BOUNCE_KINGDOM, dueAt } from '@tentpole/domain';
import { eq, sql } from 'drizzle-orm';
import { accounts } from '../../auth/tables.js';
import { accountIdByName, accountTimezone } from '../accounts/queries.js';
import type { SeedContext } from '../feature.js';
import { ensureDefaultAutomations } from './automations.js';
import { orderFacts } from './queries.js';
import { automations, orderMessagePlans, scheduledMessages } from './tables.js';
import { saveMessagingSettings } from './templates.js';

/**
 * Demo data: every account gets the shipped automations, and its orders are planned as of
 * the seed (what is due from now on is scheduled; the demo's past was never sent), so a first
 * start sends nothing at once and the outbox shows what comes next.
 */
export async function seedEmails({ db, now }: SeedContext): Promise<void> {
  const bounce = await accountIdByName(db, BOUNCE_KINGDOM);
  await saveMessagingSettings(db, bounce, {
    quietHours: { start: '21:00', end: '08:00' },
    reviewLink: 'https://g.page/r/bounce-kingdom-party-rentals/review',
  });
  for (const { id: accountId } of await db.select({ id: accounts.id }).from(accounts)) {
    await ensureDefaultAutomations(db, accountId);
    const timeZone = await accountTimezone(db, accountId);
    const rules = await db.select().from(automations).where(eq(automations.accountId, accountId));
    const facts = await orderFacts(
      db,
      sql`o.account_id = ${accountId} and o.status <> 'draft'
        and coalesce(o.event_end, o.event_date::timestamptz) > ${now}::timestamptz - interval '13 months'`,
      100_000,
    );
    const rows = facts.flatMap((order) =>
      rules.flatMap((rule) => {
        const typed = {
          ...rule,
          statuses: rule.statuses as never,
          trigger: rule.trigger as never,
          offsetUnit: rule.offsetUnit as never,
        };
        if (!rule.enabled || order.status === 'cancelled' || !appliesTo(typed, order)) return [];
        const due = dueAt(typed, order, timeZone);
        return due && due > now
          ? [
              {
                accountId,
                automationId: rule.id,
                orderId: order.id,
                channel: rule.channel,
                dueAt: due,
              },
            ]
          : [];
      }),
    );
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insert(scheduledMessages)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing();
    const plans = facts.map((f) => ({
      orderId: f.id,
      accountId,
      orderUpdatedAt: f.updatedAt,
      plannedAt: now,
    }));
    for (let i = 0; i < plans.length; i += 500)
      await db
        .insert(orderMessagePlans)
        .values(plans.slice(i, i + 500))
        .onConflictDoNothing();
  }
}
