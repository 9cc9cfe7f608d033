import { describe, expect, it } from 'vitest';
import { can, matchesPermission } from './can';

// spec §6: full wildcard, group wildcard or the exact pair, case-insensitive.
describe('matchesPermission', () => {
  it.each([
    {
      pattern: 'tentpole:*',
      group: 'customer',
      action: 'read',
      expected: true,
      why: 'full wildcard',
    },
    {
      pattern: 'tentpole:*',
      group: 'staff.others',
      action: 'write',
      expected: true,
      why: 'full wildcard, dotted group',
    },
    {
      pattern: 'tentpole:customer.*',
      group: 'customer',
      action: 'write',
      expected: true,
      why: 'group wildcard',
    },
    {
      pattern: 'tentpole:customer.read',
      group: 'customer',
      action: 'read',
      expected: true,
      why: 'exact pair',
    },
    {
      pattern: 'TENTPOLE:Customer.READ',
      group: 'customer',
      action: 'read',
      expected: true,
      why: 'pattern in another case',
    },
    {
      pattern: 'tentpole:customer.read',
      group: 'CUSTOMER',
      action: 'Read',
      expected: true,
      why: 'request in another case',
    },
    {
      pattern: 'tentpole:staff.others.write',
      group: 'staff.others',
      action: 'write',
      expected: true,
      why: 'dotted group, exact',
    },
    {
      pattern: 'tentpole:staff.others.*',
      group: 'staff.others',
      action: 'write',
      expected: true,
      why: 'dotted group wildcard',
    },
    {
      pattern: 'tentpole:staff.*',
      group: 'staff.others',
      action: 'write',
      expected: false,
      why: 'parent group wildcard',
    },
    {
      pattern: 'tentpole:customer.read',
      group: 'customer',
      action: 'write',
      expected: false,
      why: 'other action',
    },
    {
      pattern: 'tentpole:customer.read',
      group: 'coupons',
      action: 'read',
      expected: false,
      why: 'other group',
    },
    {
      pattern: 'tentpole:*.read',
      group: 'customer',
      action: 'read',
      expected: false,
      why: 'action wildcard (not a spec form)',
    },
    {
      pattern: 'customer.read',
      group: 'customer',
      action: 'read',
      expected: false,
      why: 'pattern without prefix',
    },
    {
      pattern: '*',
      group: 'customer',
      action: 'read',
      expected: false,
      why: 'bare wildcard without prefix',
    },
    {
      pattern: 'other:customer.read',
      group: 'customer',
      action: 'read',
      expected: false,
      why: 'other prefix',
    },
    {
      pattern: 'tentpole:customer',
      group: 'customer',
      action: 'read',
      expected: false,
      why: 'pattern without action',
    },
    { pattern: 'tentpole:*', group: '', action: '', expected: false, why: 'empty request' },
  ])('$why: $pattern vs $group.$action → $expected', ({ pattern, group, action, expected }) => {
    expect(matchesPermission(pattern, group, action)).toBe(expected);
  });
});

describe('can', () => {
  it.each([
    {
      roles: ['tentpole:customer.read'],
      permission: 'customer.read',
      expected: true,
      why: 'grants an exact role',
    },
    {
      roles: ['tentpole:phone.read', 'tentpole:customer.*'],
      permission: 'customer.write',
      expected: true,
      why: 'grants through any one role',
    },
    {
      roles: ['tentpole:*'],
      permission: 'staff.others.write',
      expected: true,
      why: 'grants everything to a full wildcard',
    },
    {
      roles: ['tentpole:customer.read'],
      permission: 'tentpole:customer.read',
      expected: true,
      why: 'accepts a prefixed permission',
    },
    {
      roles: ['tentpole:customer.read'],
      permission: 'customer.write',
      expected: false,
      why: 'refuses another action',
    },
    { roles: [], permission: 'customer.read', expected: false, why: 'refuses without roles' },
    {
      roles: ['tentpole:*'],
      permission: 'customer',
      expected: false,
      why: 'refuses a malformed permission',
    },
  ])('$why', ({ roles, permission, expected }) => {
    expect(can(roles, permission)).toBe(expected);
  });
});
