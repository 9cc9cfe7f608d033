import {
  PERMISSION_PREFIX,
  PERMISSIONS,
  type Permission,
  permissionString,
} from '@tentpole/domain';
import { count, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../auth/password.js';
import type { Db } from './client.js';
import {
  accounts,
  cartSessions,
  customerJourneyEvents,
  customers,
  documents,
  memberships,
  orderLines,
  orders,
  payments,
  phoneServices,
  phoneSettings,
  users,
} from './schema.js';
import {
  CATALOGUE,
  COMPANIES,
  DELIVERY_FEE_CENTS,
  EMAIL_DOMAINS,
  FIRST_NAMES,
  JOURNEY_NOTES,
  LAST_NAMES,
} from './seed-data.js';

export const DEMO_PASSWORD = 'tentpole-demo';
export const DEMO_USERS = [
  { email: 'owner@tentpole.test', name: 'Olivia Owner' },
  { email: 'manager@tentpole.test', name: 'Maya Manager' },
  { email: 'staff@tentpole.test', name: 'Sam Staff' },
] as const;
export const BOUNCE_KINGDOM = 'Bounce Kingdom Party Rentals';
/** The owner's own mobile, which click-to-call rings first (a simulated phone in the sandbox). */
export const OWNER_MOBILE = '+15550109001';
export const SUNSHINE = 'Sunshine Tents & Events';

const EVERYTHING = [`${PERMISSION_PREFIX}*`];
const STAFF_PERMISSIONS: Permission[] = [
  'phone.read',
  'product.read',
  'customer.read',
  'coupons.read',
];
const MANAGER_PERMISSIONS = PERMISSIONS.filter(
  (p: Permission) => p !== 'account.write' && p !== 'staff.others.write',
);

const DAY_MS = 24 * 60 * 60 * 1000;

/** A small seeded generator, so every seed run makes the same demo business. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, int, pick, chance: (p: number) => next() < p };
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

async function insertInBatches<T extends PgTable>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
  size = 500,
) {
  for (let i = 0; i < rows.length; i += size) {
    await db.insert(table).values(rows.slice(i, i + size));
  }
}

export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) > 0;
}

/** Empties every table (npm run seed resets the demo). */
export async function resetDatabase(db: Db): Promise<void> {
  await db.execute(
    sql`truncate users, accounts, memberships, customers, orders, order_lines, payments, documents, cart_sessions, customer_journey_events, sign_in_failures, phone_services, phone_settings, calls, webhook_receipts, conversations, messages, sms_opt_outs, jobs cascade`,
  );
}

type BusinessPlan = {
  accountId: string;
  customers: number;
  ordersPerCustomer: [number, number];
  cartSessions: number;
  phoneBase: number;
  orderNumberStart: number;
};

export async function seedDemoData(db: Db, now = new Date()): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  const insertedUsers = await db
    .insert(users)
    .values(DEMO_USERS.map((u) => ({ ...u, passwordHash: hash })))
    .returning({ id: users.id, email: users.email });
  const userId = (email: string) => insertedUsers.find((u) => u.email === email)?.id as string;

  const [bounce, sunshine] = await db
    .insert(accounts)
    .values([
      {
        name: BOUNCE_KINGDOM,
        planLevel: 'pro',
        settings: { timezone: 'America/Chicago', currency: 'USD' },
      },
      {
        name: SUNSHINE,
        planLevel: 'free',
        trialEndDate: isoDate(new Date(now.getTime() + 5 * DAY_MS)),
        settings: { timezone: 'America/Denver', currency: 'USD' },
      },
    ])
    .returning({ id: accounts.id });
  if (!bounce || !sunshine) throw new Error('seed: accounts were not created');

  const owner = userId('owner@tentpole.test');
  await db.insert(memberships).values([
    {
      accountId: bounce.id,
      userId: owner,
      kind: 'holder',
      roles: EVERYTHING,
      mobilePhoneNumber: OWNER_MOBILE,
      createdAt: new Date(now.getTime() - 2 * DAY_MS),
    },
    {
      accountId: sunshine.id,
      userId: owner,
      kind: 'member',
      roles: EVERYTHING,
      createdAt: new Date(now.getTime() - DAY_MS),
    },
    {
      accountId: bounce.id,
      userId: userId('manager@tentpole.test'),
      kind: 'member',
      roles: MANAGER_PERMISSIONS.map(permissionString),
    },
    {
      accountId: bounce.id,
      userId: userId('staff@tentpole.test'),
      kind: 'member',
      roles: STAFF_PERMISSIONS.map(permissionString),
    },
  ]);

  // Reach: Bounce Kingdom has a business number (bought from the carrier at start) with
  // texting approved; Sunshine has no phone service.
  await db
    .insert(phoneServices)
    .values({ accountId: bounce.id, enabled: true, messagingStatus: 'approved' });
  await db.insert(phoneSettings).values({
    accountId: bounce.id,
    voicemailText:
      "Thanks for calling Bounce Kingdom Party Rentals! We're out setting up a party. Leave a message and we'll call you right back.",
    showCallerId: true,
    forwardIncomingCallsToMobile: false,
    forwardIncomingCallsTo: [OWNER_MOBILE],
    mobileClickToCall: true,
  });

  await seedBusiness(db, now, random(20261120), {
    accountId: bounce.id,
    customers: 250,
    ordersPerCustomer: [0, 4],
    cartSessions: 700,
    phoneBase: 100,
    orderNumberStart: 1001,
  });
  await seedBusiness(db, now, random(777), {
    accountId: sunshine.id,
    customers: 6,
    ordersPerCustomer: [1, 2],
    cartSessions: 12,
    phoneBase: 900,
    orderNumberStart: 101,
  });
}

async function seedBusiness(
  db: Db,
  now: Date,
  rnd: ReturnType<typeof random>,
  plan: BusinessPlan,
): Promise<void> {
  const { accountId } = plan;
  const eighteenMonthsAgo = now.getTime() - 548 * DAY_MS;
  const at = (from: number, to: number) => new Date(from + rnd.next() * (to - from));

  // Order timing draws from its own stream, so the customers (names, numbers) come out the
  // same whatever day the demo is seeded.
  const timing = random(plan.orderNumberStart * 7919);
  const atTiming = (from: number, to: number) => new Date(from + timing.next() * (to - from));
  // Party rentals peak in summer, and a healthy business grows: event dates are drawn from
  // the last 18 months and the next six weeks with both weights.
  const SEASON = [0.25, 0.3, 0.45, 0.6, 0.85, 1, 1, 1, 0.85, 0.6, 0.4, 0.45];
  const span = now.getTime() + 45 * DAY_MS - eighteenMonthsAgo;
  const eventTime = () => {
    for (;;) {
      const t = eighteenMonthsAgo + 30 * DAY_MS + timing.next() * (span - 30 * DAY_MS);
      const growth = 0.55 + (0.45 * (t - eighteenMonthsAgo)) / span;
      if (timing.next() < (SEASON[new Date(t).getUTCMonth()] ?? 1) * growth) return t;
    }
  };
  // Each customer's orders first (placed 3 to 60 days before the event, never in the future);
  // the customer joined shortly before their first one. The first few are new this fortnight.
  const orderPlans = Array.from({ length: plan.customers }, (_, i) => {
    const count = timing.int(...plan.ordersPerCustomer);
    if (i < 8) {
      const joined = atTiming(now.getTime() - 13 * DAY_MS, now.getTime() - 3_600_000).getTime();
      return {
        joined,
        orders: Array.from({ length: Math.min(count, 2) }, () => {
          const placed = atTiming(joined, now.getTime() - 60_000).getTime();
          return { placed, event: placed + timing.int(5, 45) * DAY_MS };
        }),
      };
    }
    const orders = Array.from({ length: count }, () => {
      const event = eventTime();
      // Booked 3 to 90 days ahead, and never later than now.
      const latest = Math.min(event - 3 * DAY_MS, now.getTime() - 3_600_000);
      const earliest = Math.min(event - 90 * DAY_MS, latest - 7 * DAY_MS);
      const placed = atTiming(earliest, latest).getTime();
      return { placed, event: Math.max(event, placed + DAY_MS) };
    }).sort((a, b) => a.placed - b.placed);
    const first =
      orders[0]?.placed ?? atTiming(eighteenMonthsAgo, now.getTime() - 14 * DAY_MS).getTime();
    return { joined: Math.max(eighteenMonthsAgo, first - timing.int(0, 20) * DAY_MS), orders };
  });

  const customerRows: (typeof customers.$inferInsert)[] = [];
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
    customerRows.push({
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
      createdAt: new Date(orderPlans[i]?.joined ?? eighteenMonthsAgo),
    });
  }
  const insertedCustomers = await db
    .insert(customers)
    .values(customerRows)
    .returning({ id: customers.id, createdAt: customers.createdAt });

  const orderRows: (typeof orders.$inferInsert & { id: string })[] = [];
  const lineRows: (typeof orderLines.$inferInsert)[] = [];
  const paymentRows: (typeof payments.$inferInsert)[] = [];
  const documentRows: (typeof documents.$inferInsert)[] = [];
  const journeyRows: (typeof customerJourneyEvents.$inferInsert)[] = [];
  let orderNumber = plan.orderNumberStart;

  for (const [index, customer] of insertedCustomers.entries()) {
    const joined = customer.createdAt.getTime();
    for (const planned of orderPlans[index]?.orders ?? []) {
      const createdAt = new Date(planned.placed);
      const eventDate = new Date(planned.event);
      const future = eventDate.getTime() > now.getTime();
      const status = future
        ? rnd.chance(0.3)
          ? 'quote'
          : 'confirmed'
        : rnd.chance(0.06)
          ? 'cancelled'
          : 'completed';
      const id = crypto.randomUUID();
      let total = DELIVERY_FEE_CENTS;
      const items = new Set<number>();
      const itemCount = rnd.int(1, 4);
      while (items.size < itemCount) items.add(rnd.int(0, CATALOGUE.length - 1));
      for (const index of items) {
        const item = CATALOGUE[index];
        if (!item) continue;
        const quantity = rnd.pick(item.quantities);
        total += quantity * item.unitPriceCents;
        lineRows.push({
          accountId,
          orderId: id,
          description: item.description,
          quantity,
          unitPriceCents: item.unitPriceCents,
        });
      }
      lineRows.push({
        accountId,
        orderId: id,
        description: 'Delivery and setup',
        quantity: 1,
        unitPriceCents: DELIVERY_FEE_CENTS,
      });
      orderRows.push({
        id,
        accountId,
        customerId: customer.id,
        number: orderNumber++,
        status,
        eventDate: isoDate(eventDate),
        totalCents: total,
        createdAt,
      });
      documentRows.push({
        accountId,
        customerId: customer.id,
        orderId: id,
        kind: 'quote',
        title: `Quote #${orderNumber - 1}`,
        status: status === 'quote' ? 'sent' : 'viewed',
        createdAt,
      });
      if (status === 'confirmed' || status === 'completed') {
        const deposit = Math.round(total * 0.3);
        const depositAt = new Date(createdAt.getTime() + rnd.int(1, 48) * 3_600_000);
        if (depositAt.getTime() < now.getTime()) {
          paymentRows.push({
            accountId,
            orderId: id,
            customerId: customer.id,
            amountCents: deposit,
            method: 'card',
            paidAt: depositAt,
          });
        }
        documentRows.push({
          accountId,
          customerId: customer.id,
          orderId: id,
          kind: 'contract',
          title: `Rental agreement #${orderNumber - 1}`,
          status: 'signed',
          createdAt: depositAt,
        });
        documentRows.push({
          accountId,
          customerId: customer.id,
          orderId: id,
          kind: 'invoice',
          title: `Invoice #${orderNumber - 1}`,
          status: status === 'completed' ? 'paid' : 'sent',
          createdAt: depositAt,
        });
        if (status === 'completed') {
          paymentRows.push({
            accountId,
            orderId: id,
            customerId: customer.id,
            amountCents: total - deposit,
            method: rnd.pick(['card', 'cash', 'check', 'bank_transfer'] as const),
            paidAt: eventDate,
          });
        }
      }
    }
    if (rnd.chance(0.35)) {
      const note = rnd.pick(JOURNEY_NOTES);
      journeyRows.push({
        accountId,
        customerId: customer.id,
        ...note,
        occurredAt: at(joined, now.getTime()),
      });
    }
  }

  await insertInBatches(db, orders, orderRows);
  await insertInBatches(db, orderLines, lineRows);
  await insertInBatches(db, payments, paymentRows);
  await insertInBatches(db, documents, documentRows);
  await insertInBatches(db, customerJourneyEvents, journeyRows);

  const cartRows: (typeof cartSessions.$inferInsert)[] = [];
  for (let i = 0; i < plan.cartSessions; i++) {
    // A little more traffic every month, as a growing business sees.
    const age = Math.floor((1 - Math.sqrt(rnd.next())) * 548 * DAY_MS);
    const order = rnd.chance(0.2) ? rnd.pick(orderRows) : null;
    cartRows.push({
      accountId,
      customerId: order?.customerId ?? (rnd.chance(0.4) ? rnd.pick(insertedCustomers).id : null),
      startedAt: new Date(now.getTime() - age),
      itemCount: rnd.int(1, 6),
      valueCents: rnd.int(5, 120) * 500,
      convertedOrderId: order?.id ?? null,
    });
  }
  await insertInBatches(db, cartSessions, cartRows);
}
