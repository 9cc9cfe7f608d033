import { describe, expect, it } from 'vitest';
import { canWrite, writeResourceOf } from './can-write';

// spec §6: the resource is the permission minus its last segment.
describe('writeResourceOf', () => {
  it.each([
    { permission: 'staff.others.write', expected: 'staff.others' },
    { permission: 'customer.read', expected: 'customer' },
    { permission: 'tentpole:customer.read', expected: 'tentpole:customer' },
    { permission: 'customer', expected: '' },
  ])('derives $expected from $permission', ({ permission, expected }) => {
    expect(writeResourceOf(permission)).toBe(expected);
  });
});

// spec §6: the header action button needs write on the derived resource.
describe('canWrite', () => {
  it.each([
    {
      roles: ['tentpole:customer.write'],
      permission: 'customer.read',
      expected: true,
      why: 'allows write on the resource of a read permission',
    },
    {
      roles: ['tentpole:customer.read'],
      permission: 'customer.read',
      expected: false,
      why: 'refuses read alone',
    },
    {
      roles: ['tentpole:customer.*'],
      permission: 'customer.read',
      expected: true,
      why: 'allows a group wildcard',
    },
    {
      roles: ['tentpole:staff.others.write'],
      permission: 'staff.others.write',
      expected: true,
      why: 'allows staff.others.write for Team',
    },
    {
      roles: ['tentpole:staff.write'],
      permission: 'staff.others.write',
      expected: false,
      why: 'refuses write on a parent resource',
    },
    {
      roles: ['tentpole:customer.write'],
      permission: 'tentpole:customer.read',
      expected: true,
      why: 'accepts a prefixed permission',
    },
    {
      roles: ['tentpole:*'],
      permission: 'customer',
      expected: false,
      why: 'refuses a permission without a resource',
    },
  ])('$why', ({ roles, permission, expected }) => {
    expect(canWrite(roles, permission)).toBe(expected);
  });
});
