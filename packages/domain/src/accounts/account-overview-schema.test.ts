import { describe, expect, it } from 'vitest';
import { accountOverviewSchema, EMPTY_ACCOUNT_OVERVIEW } from './account-overview-schema';

// spec §3: settings may be absent; plan.level is a string, empty by default.
describe('accountOverviewSchema', () => {
  it.each([
    {
      why: 'keeps settings and plan level',
      input: { settings: { timezone: 'America/Chicago' }, plan: { level: 'pro' } },
      expected: { settings: { timezone: 'America/Chicago' }, plan: { level: 'pro' } },
    },
    {
      why: 'reads absent settings as null',
      input: { plan: { level: 'core' } },
      expected: { settings: null, plan: { level: 'core' } },
    },
    {
      why: 'keeps null settings',
      input: { settings: null, plan: { level: '' } },
      expected: { settings: null, plan: { level: '' } },
    },
    {
      why: 'defaults an absent plan level to empty',
      input: { settings: null, plan: {} },
      expected: { settings: null, plan: { level: '' } },
    },
  ])('$why', ({ input, expected }) => {
    expect(accountOverviewSchema.parse(input)).toEqual(expected);
  });

  it('rejects an overview without plan', () => {
    expect(accountOverviewSchema.safeParse({ settings: null }).success).toBe(false);
  });

  it('falls back to no settings and an empty plan level (spec §7)', () => {
    expect(EMPTY_ACCOUNT_OVERVIEW).toEqual({ settings: null, plan: { level: '' } });
  });
});
