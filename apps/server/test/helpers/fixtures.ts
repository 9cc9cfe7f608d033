import { hashPassword } from '../../src/auth/password.js';
import { accounts, memberships, users } from '../../src/auth/tables.js';
import type { Db } from '../../src/db/client.js';

let passwordHash: Promise<string> | null = null;

/** A new account with one holder (every permission) who signs in with tentpole-demo. */
export async function createAccountWithUser(
  db: Db,
  {
    name,
    email,
    roles = ['tentpole:*'],
    settings = null,
  }: { name: string; email: string; roles?: string[]; settings?: Record<string, unknown> | null },
) {
  passwordHash ??= hashPassword('tentpole-demo');
  const [account] = await db
    .insert(accounts)
    .values({ name, planLevel: 'core', settings })
    .returning({ id: accounts.id });
  const [user] = await db
    .insert(users)
    .values({ email, name: `${name} User`, passwordHash: await passwordHash })
    .returning({ id: users.id });
  if (!account || !user) throw new Error('fixture not created');
  await db
    .insert(memberships)
    .values({ accountId: account.id, userId: user.id, kind: 'holder', roles });
  return { accountId: account.id, userId: user.id, email };
}
