import { PLAN_TABLE } from '@tentpole/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/auth/tables.js';
import { vehicles } from '../src/features/delivery/tables.js';
import { products } from '../src/features/inventory/tables.js';
import { staffInvites } from '../src/features/staff/tables.js';
import { createAccountWithUser, fillProducts } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// §13: a plan's limit holds when several requests at the limit arrive at once. The route
// table's gate counts before the handler runs, so on its own two creations could both see room;
// each creation also counts again in its own transaction under the account's lock for that
// resource. With DATABASE_URL the requests are spread over two server instances on one
// PostgreSQL database, as behind a load balancer (the embedded database is one process's own).

const AT_ONCE = 6;
const { limits } = PLAN_TABLE.free;

let a: TestServer;
let b: TestServer | undefined;
let seq = 0;

beforeAll(async () => {
  a = await startTestServer({ seed: false });
  if (process.env.DATABASE_URL) b = await startTestServer({ databaseUrl: a.databaseUrl as string });
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** A new account on the free plan, its holder signed in on each instance. */
async function freeAccount() {
  seq += 1;
  const email = `plan-race-${seq}-${Date.now()}@tentpole.test`;
  const made = await createAccountWithUser(a.db, {
    name: `Race Rentals ${seq}`,
    email,
    settings: { timezone: 'America/Chicago', currency: 'USD' },
  });
  await a.db.update(accounts).set({ planLevel: 'free' }).where(eq(accounts.id, made.accountId));
  const clients = [await a.signIn(email), ...(b ? [await b.signIn(email)] : [])];
  return { accountId: made.accountId, clients };
}

/** `AT_ONCE` POSTs of `bodies` at the same moment, alternating between the instances. */
async function postAtOnce(clients: HttpClient[], path: string, bodies: unknown[]) {
  const responses = await Promise.all(
    bodies.map((body, i) =>
      (clients[i % clients.length] as HttpClient).request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    ),
  );
  const statuses = responses.map((r) => r.status);
  for (const response of responses)
    if (response.status === 403)
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
        'plan_limit',
      );
  return statuses;
}

const created = (statuses: number[]) => statuses.filter((s) => s === 201).length;

describe('plan limits under requests at once', () => {
  it('adds the last product once when several ask for it', async () => {
    const { accountId, clients } = await freeAccount();
    const limit = limits.products ?? 0;
    await fillProducts(a.db, accountId, limit - 1);
    const statuses = await postAtOnce(
      clients,
      '/api/products',
      Array.from({ length: AT_ONCE }, (_, i) => ({
        name: `Last castle ${i}`,
        pricing: { mode: 'flat', amount: 100 },
      })),
    );
    expect(created(statuses)).toBe(1);
    const active = await a.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.accountId, accountId), eq(products.status, 'active')));
    expect(active).toHaveLength(limit);
  });

  it('adds the plan’s vehicles once when several ask for them', async () => {
    const { accountId, clients } = await freeAccount();
    const statuses = await postAtOnce(
      clients,
      '/api/delivery/vehicles',
      Array.from({ length: AT_ONCE }, (_, i) => ({
        name: `Truck ${i}`,
        capacityUnits: 5,
        shiftStart: '08:00',
        shiftEnd: '18:00',
      })),
    );
    expect(created(statuses)).toBe(limits.vehicles);
    const rows = await a.db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(eq(vehicles.accountId, accountId));
    expect(rows).toHaveLength(limits.vehicles ?? 0);
  });

  it('gives out the plan’s seats once when several invitations go at once', async () => {
    const { accountId, clients } = await freeAccount();
    const statuses = await postAtOnce(
      clients,
      '/api/staff/invites',
      Array.from({ length: AT_ONCE }, (_, i) => ({
        via: 'email',
        email: `race-seat-${seq}-${i}@example.com`,
        preset: 'driver',
      })),
    );
    // The holder has one seat; the invitations take the rest.
    const seats = (limits.seats ?? 0) - 1;
    expect(created(statuses)).toBe(seats);
    const open = await a.db
      .select({ id: staffInvites.id })
      .from(staffInvites)
      .where(and(eq(staffInvites.accountId, accountId), isNull(staffInvites.revokedAt)));
    expect(open).toHaveLength(seats);
  });
});
