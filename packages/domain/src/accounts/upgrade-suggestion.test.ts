import { describe, expect, it } from 'vitest';
import { upgradeSuggestion } from './upgrade-suggestion';

// spec §6: only for account.write holders whose plan has a next tier.
describe('upgradeSuggestion', () => {
  it.each([
    {
      why: 'suggests core on free',
      roles: ['tentpole:account.write'],
      plan: 'free',
      expected: 'core',
    },
    {
      why: 'suggests core on lite',
      roles: ['tentpole:account.write'],
      plan: 'lite',
      expected: 'core',
    },
    {
      why: 'suggests pro on Core (any case)',
      roles: ['tentpole:account.*'],
      plan: 'Core',
      expected: 'pro',
    },
    { why: 'suggests unlimited on pro', roles: ['tentpole:*'], plan: 'pro', expected: 'unlimited' },
    {
      why: 'suggests core on an unknown plan (parsed as free)',
      roles: ['tentpole:account.write'],
      plan: 'legacy_plan',
      expected: 'core',
    },
    {
      why: 'suggests nothing on unlimited',
      roles: ['tentpole:account.write'],
      plan: 'unlimited',
      expected: null,
    },
    {
      why: 'suggests nothing without account.write',
      roles: ['tentpole:account.read'],
      plan: 'free',
      expected: null,
    },
    { why: 'suggests nothing without roles', roles: [], plan: 'pro', expected: null },
  ])('$why', ({ roles, plan, expected }) => {
    expect(upgradeSuggestion(roles, plan)).toBe(expected);
  });
});
