import { describe, expect, it } from 'vitest';
import {
  ALL_PERMISSION_STRINGS,
  PERMISSION_PREFIX,
  PERMISSIONS,
  permissionString,
} from './permissions';

// spec §6: permission strings with a common product prefix, in resource.action form.
describe('permissions', () => {
  it("uses the product prefix 'tentpole:'", () => {
    expect(PERMISSION_PREFIX).toBe('tentpole:');
  });

  it.each([
    'phone.read',
    'product.read',
    'customer.read',
    'coupons.read',
    'delivery.read',
    'email.read',
    'reports.read',
    'website.read',
    'staff.others.write',
    'account.read',
    'account.write',
  ])('lists the spec permission %s', (permission) => {
    expect(PERMISSIONS).toContain(permission);
  });

  it.each([
    { permission: 'customer.read', expected: 'tentpole:customer.read' },
    { permission: 'staff.others.write', expected: 'tentpole:staff.others.write' },
  ] as const)('prefixes $permission as $expected', ({ permission, expected }) => {
    expect(permissionString(permission)).toBe(expected);
  });

  it('lists every permission with its prefix', () => {
    expect(ALL_PERMISSION_STRINGS).toHaveLength(PERMISSIONS.length);
    expect(ALL_PERMISSION_STRINGS.every((p) => p.startsWith('tentpole:'))).toBe(true);
    expect(ALL_PERMISSION_STRINGS).toContain('tentpole:account.write');
  });
});
