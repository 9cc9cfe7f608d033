import { hashPassword } from '../../src/auth/password.js';
import { accounts, memberships, users } from '../../src/auth/tables.js';
import type { Db } from '../../src/db/client.js';
import { customers } from '../../src/features/customers/tables.js';
import { products } from '../../src/features/inventory/tables.js';
import { orders } from '../../src/features/orders/tables.js';

let passwordHash: Promise<string> | null = null;

/** A new account with one holder (every permission) who signs in with tentpole-demo. */
export async function createAccountWithUser(
  db: Db,
  {
    name,
    email,
    roles = ['tentpole:*'],
    settings = null,
    userName = `${name} User`,
  }: {
    name: string;
    email: string;
    roles?: string[];
    settings?: Record<string, unknown> | null;
    /** The user's own name; by default the account's name and "User". */
    userName?: string;
  },
) {
  passwordHash ??= hashPassword('tentpole-demo');
  const [account] = await db
    .insert(accounts)
    .values({ name, planLevel: 'core', settings })
    .returning({ id: accounts.id });
  const [user] = await db
    .insert(users)
    .values({ email, name: userName, passwordHash: await passwordHash })
    .returning({ id: users.id });
  if (!account || !user) throw new Error('fixture not created');
  await db
    .insert(memberships)
    .values({ accountId: account.id, userId: user.id, kind: 'holder', roles });
  return { accountId: account.id, userId: user.id, email };
}

/**
 * Customers of an account, made by the test that asserts on them (so it never depends on how
 * many the demo data holds). `count` customers named Test0001 Customer, Test0002 Customer…
 */
export async function createCustomers(
  db: Db,
  accountId: string,
  count: number,
  overrides: Partial<typeof customers.$inferInsert> = {},
) {
  const tag = Math.random().toString(36).slice(2, 8);
  return db
    .insert(customers)
    .values(
      Array.from({ length: count }, (_, i) => ({
        accountId,
        firstName: `Test${String(i + 1).padStart(4, '0')}`,
        lastName: 'Customer',
        email: `test-${tag}-${i + 1}@example.com`,
        ...overrides,
      })),
    )
    .returning();
}

/** One order of a customer (no lines); `number` must be unique in the account. */
export async function createOrder(
  db: Db,
  {
    accountId,
    customerId,
    number,
    eventDate,
    status = 'confirmed',
    totalCents = 10_000,
  }: {
    accountId: string;
    customerId: string;
    number: number;
    eventDate: string;
    status?: (typeof orders.$inferInsert)['status'];
    totalCents?: number;
  },
) {
  const [order] = await db
    .insert(orders)
    .values({ accountId, customerId, number, eventDate, status, totalCents })
    .returning();
  if (!order) throw new Error('order not created');
  return order;
}

/** `count` active rental products ("Castle 0", "castle-0", …), to bring an account near a limit. */
export async function fillProducts(db: Db, accountId: string, count: number) {
  await db.insert(products).values(
    Array.from({ length: count }, (_, i) => ({
      accountId,
      name: `Castle ${i}`,
      slug: `castle-${i}`,
      type: 'rental' as const,
      tracking: 'bulk' as const,
      quantity: 1,
      pricing: { mode: 'flat' as const, amount: 100 },
    })),
  );
}
