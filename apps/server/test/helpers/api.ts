import { memberships } from '../../src/auth/tables.js';
import { createAccountWithUser } from './fixtures.js';
import type { HttpClient } from './http-client.js';
import type { TestServer } from './test-server.js';

/**
 * A JSON request as a signed-in client makes it, with the answer's status and parsed body (null
 * when empty). A string body is sent as it is, for tests of malformed JSON.
 */
export async function apiCall<T = Record<string, unknown>>(
  client: HttpClient,
  method: string,
  path: string,
  body?: unknown,
) {
  const response = await client.request(path, {
    method,
    ...(body === undefined
      ? {}
      : {
          headers: { 'content-type': 'application/json' },
          body: typeof body === 'string' ? body : JSON.stringify(body),
        }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/**
 * A member of `accountId` with these role strings, signed in and switched to it (their own
 * account is made first, as a sign-up would). `name` is the user's, for tests that show it.
 */
export async function addMember(
  server: TestServer,
  accountId: string,
  email: string,
  roles: string[],
  { name }: { name?: string } = {},
) {
  const own = await createAccountWithUser(server.db, {
    name: `Own ${email}`,
    email,
    ...(name ? { userName: name } : {}),
  });
  await server.db
    .insert(memberships)
    .values({ accountId, userId: own.userId, kind: 'member', roles });
  const client = await server.signIn(email);
  await client.updateSession({ accountId });
  return { client, userId: own.userId };
}
