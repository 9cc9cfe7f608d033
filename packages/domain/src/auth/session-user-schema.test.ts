import { describe, expect, it } from 'vitest';
import { SESSION_STATUSES, sessionUserSchema } from './session-user-schema';

const user = {
  id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  accountId: 'a1',
  planLevel: 'very_big_plan',
  roles: ['tentpole:customer.read'],
  trialEndDate: '2025-07-01',
};

// spec §3: the session user.
describe('sessionUserSchema', () => {
  it.each([
    { why: 'accepts a session user', input: user, ok: true },
    { why: 'accepts a null trialEndDate', input: { ...user, trialEndDate: null }, ok: true },
    {
      why: 'rejects a missing trialEndDate',
      input: { ...user, trialEndDate: undefined },
      ok: false,
    },
    {
      why: 'rejects roles that are not a list',
      input: { ...user, roles: 'tentpole:*' },
      ok: false,
    },
    { why: 'rejects a missing accountId', input: { ...user, accountId: undefined }, ok: false },
  ])('$why', ({ input, ok }) => {
    expect(sessionUserSchema.safeParse(input).success).toBe(ok);
  });

  it('strips fields it does not describe', () => {
    expect(sessionUserSchema.parse({ ...user, passwordHash: 'x' })).toEqual(user);
  });

  it('lists the session statuses loading, authenticated and unauthenticated', () => {
    expect(SESSION_STATUSES).toEqual(['loading', 'authenticated', 'unauthenticated']);
  });
});
