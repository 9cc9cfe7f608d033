import { describe, expect, it } from 'vitest';
import { splitPermission, stripPermissionPrefix } from './split-permission';

describe('splitPermission', () => {
  it.each([
    { input: 'customer.read', expected: { group: 'customer', action: 'read' } },
    { input: 'staff.others.write', expected: { group: 'staff.others', action: 'write' } },
    { input: 'customer.*', expected: { group: 'customer', action: '*' } },
    { input: 'customer', expected: null },
    { input: '.read', expected: null },
    { input: 'customer.', expected: null },
    { input: '', expected: null },
  ])('splits $input at its last dot → $expected', ({ input, expected }) => {
    expect(splitPermission(input)).toEqual(expected);
  });
});

describe('stripPermissionPrefix', () => {
  it.each([
    { input: 'tentpole:customer.read', expected: 'customer.read' },
    { input: 'TentPole:customer.read', expected: 'customer.read' },
    { input: 'customer.read', expected: 'customer.read' },
    { input: 'other:customer.read', expected: 'other:customer.read' },
  ])('turns $input into $expected', ({ input, expected }) => {
    expect(stripPermissionPrefix(input)).toBe(expected);
  });
});
