import {
  BOUNCE_KINGDOM,
  DEMO_PASSWORD,
  DEMO_USERS,
  OWNER_MOBILE,
  PERMISSION_PREFIX,
  PERMISSIONS,
  type Permission,
  permissionString,
  SUNSHINE,
} from '@tentpole/domain';
import { hashPassword } from '../../auth/password.js';
import { accounts, memberships, users } from '../../auth/tables.js';
import { DAY_MS, isoDate } from '../../db/seeding.js';
import type { SeedContext } from '../feature.js';

const EVERYTHING = [`${PERMISSION_PREFIX}*`];
const STAFF_PERMISSIONS: Permission[] = [
  'phone.read',
  'product.read',
  'customer.read',
  'coupons.read',
  'order.write',
];
// back-office spec §1: the Driver preset: their own stops, and the phone for calling customers.
const DRIVER_PERMISSIONS: Permission[] = ['delivery.driver', 'phone.read'];
const MANAGER_PERMISSIONS = PERMISSIONS.filter(
  (p: Permission) => p !== 'account.write' && p !== 'staff.others.write',
);

/** The demo sign-ins and their two businesses: Bounce Kingdom (Pro) and Sunshine (on trial). */
export async function seedAccounts({ db, now }: SeedContext): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  const insertedUsers = await db
    .insert(users)
    .values(DEMO_USERS.map((u) => ({ ...u, passwordHash: hash, emailVerifiedAt: now })))
    .returning({ id: users.id, email: users.email });
  const userId = (email: string) => insertedUsers.find((u) => u.email === email)?.id as string;

  const [bounce, sunshine] = await db
    .insert(accounts)
    .values([
      {
        name: BOUNCE_KINGDOM,
        planLevel: 'pro',
        settings: {
          timezone: 'America/Chicago',
          currency: 'USD',
          // A booking deposit of a quarter of the order, at least $50 (research §3.1.8).
          orders: { deposit: { mode: 'percent', percentBps: 2500, minimum: 5000 } },
          // A saved card pays the balance three days out; the security deposit is held on it
          // two days out (issue 18).
          payments: {
            autopay: { enabled: true, daysBefore: 3 },
            securityDepositHold: { enabled: true, daysBefore: 2 },
          },
        },
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
    {
      accountId: bounce.id,
      userId: userId('driver@tentpole.test'),
      kind: 'member',
      roles: DRIVER_PERMISSIONS.map(permissionString),
    },
  ]);
}
