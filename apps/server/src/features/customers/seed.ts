import { BOUNCE_KINGDOM, SUNSHINE } from '@tentpole/domain';
import { DAY_MS } from '../../db/seeding.js';
import { accountIdByName } from '../accounts/queries.js';
import type { SeedContext } from '../feature.js';
import { COMPANIES, EMAIL_DOMAINS, FIRST_NAMES, JOURNEY_NOTES, LAST_NAMES } from './seed-data.js';
import { customerJourneyEvents, customers } from './tables.js';

/** How many customers each demo business has, and where its fictional numbers start. */
const PLANS = [
  { account: BOUNCE_KINGDOM, customers: 250, phoneBase: 100 },
  { account: SUNSHINE, customers: 6, phoneBase: 900 },
];
/** The newest few joined this fortnight, so the dashboard's "new customers" has something. */
const NEW_THIS_FORTNIGHT = 8;

/**
 * The demo customers: names, e-mails, fictional numbers (555-01XX), notes and points; they
 * joined over the last 18 months, more of them lately, as a growing business sees.
 */
export async function seedCustomers({ db, now, random }: SeedContext): Promise<void> {
  const eighteenMonthsAgo = now.getTime() - 548 * DAY_MS;
  for (const plan of PLANS) {
    const accountId = await accountIdByName(db, plan.account);
    const rnd = random(`customers:${plan.account}`);
    const rows: (typeof customers.$inferInsert)[] = [];
    const usedEmails = new Set<string>();
    for (let i = 0; i < plan.customers; i++) {
      const firstName = rnd.pick(FIRST_NAMES);
      const lastName = rnd.pick(LAST_NAMES);
      let email = `${firstName}.${lastName}@${rnd.pick(EMAIL_DOMAINS)}`.toLowerCase();
      if (usedEmails.has(email)) email = email.replace('@', `${i}@`);
      usedEmails.add(email);
      // (555) 010-0100 onwards: 555-01XX numbers are reserved for fiction.
      const phoneNumber =
        i % 12 === 7 ? null : `+1555010${String(plan.phoneBase + i).padStart(4, '0')}`;
      const joined =
        i < NEW_THIS_FORTNIGHT
          ? now.getTime() - 3_600_000 - rnd.next() * 13 * DAY_MS
          : eighteenMonthsAgo +
            Math.sqrt(rnd.next()) * (now.getTime() - 14 * DAY_MS - eighteenMonthsAgo);
      rows.push({
        accountId,
        firstName,
        lastName,
        email,
        company: rnd.chance(0.25) ? rnd.pick(COMPANIES) : null,
        phoneNumber,
        internalNotes: rnd.chance(0.15) ? 'Regular customer, always pays on time.' : null,
        points: rnd.chance(0.6) ? rnd.int(0, 60) * 10 : 0,
        banned: plan.customers > 100 && i % 60 === 37,
        reference: rnd.chance(0.2) ? `REF-${1000 + i}` : null,
        createdAt: new Date(joined),
      });
    }
    const inserted = await db
      .insert(customers)
      .values(rows)
      .returning({ id: customers.id, createdAt: customers.createdAt });
    const notes: (typeof customerJourneyEvents.$inferInsert)[] = [];
    for (const customer of inserted) {
      if (!rnd.chance(0.35)) continue;
      const joined = customer.createdAt.getTime();
      notes.push({
        accountId,
        customerId: customer.id,
        ...rnd.pick(JOURNEY_NOTES),
        occurredAt: new Date(joined + rnd.next() * (now.getTime() - joined)),
      });
    }
    if (notes.length) await db.insert(customerJourneyEvents).values(notes);
  }
}
