import { BOUNCE_KINGDOM } from '@tentpole/domain';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { accounts } from '../../auth/tables.js';
import type { Db } from '../../db/client.js';
import { customers } from './tables.js';

/** How many demo customers the phone simulator offers to play: a handful to pick from. */
export const DEMO_CALLER_COUNT = 10;

/**
 * A handful of the demo business's customers who have a number, as the phone sandbox's page
 * offers them ("Play a demo customer", issue 15): read here and handed to the sandbox at start,
 * so the sandbox never reads the app's data. Bounce Kingdom is the demo account with Reach;
 * a database without it (the demo removed) gives none.
 */
export async function demoCallers(
  db: Db,
  limit = DEMO_CALLER_COUNT,
): Promise<{ name: string; number: string }[]> {
  const rows = await db
    .select({
      firstName: customers.firstName,
      lastName: customers.lastName,
      phoneNumber: customers.phoneNumber,
    })
    .from(customers)
    .innerJoin(accounts, eq(accounts.id, customers.accountId))
    .where(and(eq(accounts.name, BOUNCE_KINGDOM), isNotNull(customers.phoneNumber)))
    .orderBy(asc(customers.phoneNumber))
    .limit(limit);
  return rows.flatMap(({ firstName, lastName, phoneNumber }) =>
    phoneNumber ? [{ name: `${firstName} ${lastName}`.trim(), number: phoneNumber }] : [],
  );
}
