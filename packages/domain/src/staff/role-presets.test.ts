import { describe, expect, it } from 'vitest';
import { PERMISSIONS, permissionString } from '../permissions/permissions';
import {
  EVERY_PERMISSION,
  isOwner,
  PERMISSION_AREAS,
  presetOf,
  ROLE_PRESETS,
  rolePreset,
} from './role-presets';
import { inviteInputSchema, memberAccessSchema } from './staff-schemas';

describe('role presets (back-office spec §1)', () => {
  it('puts every permission in exactly one area of the editor', () => {
    const listed = PERMISSION_AREAS.flatMap((a) => a.permissions.map((p) => p.permission));
    expect([...listed].sort()).toEqual([...PERMISSIONS].sort());
  });

  it('names the six presets of the spec, each with a description', () => {
    expect(ROLE_PRESETS.map((p) => p.title)).toEqual([
      'Owner',
      'Manager',
      'Office',
      'Warehouse',
      'Driver',
      'Bookkeeper',
    ]);
    for (const preset of ROLE_PRESETS) expect(preset.description.length).toBeGreaterThan(10);
  });

  it('gives the owner everything and the driver their stops and the phone', () => {
    expect(rolePreset('owner').roles).toEqual([EVERY_PERMISSION]);
    expect(rolePreset('driver').roles).toEqual(['tentpole:delivery.driver', 'tentpole:phone.read']);
  });

  it('reads roles back as their preset whatever the order or case, else as custom', () => {
    expect(presetOf(['tentpole:phone.read', 'TENTPOLE:delivery.driver'])).toBe('driver');
    expect(presetOf(['tentpole:*', 'tentpole:phone.read'])).toBe('owner');
    expect(presetOf([permissionString('phone.read')])).toBeNull();
    expect(presetOf([])).toBeNull();
  });

  it('counts only the full wildcard as an owner', () => {
    expect(isOwner(['tentpole:*'])).toBe(true);
    expect(isOwner(['tentpole:staff.*'])).toBe(false);
  });
});

describe('team input schemas', () => {
  it("refuses a custom role without a permission with 'Choose at least one permission'", () => {
    const result = memberAccessSchema.safeParse({ preset: 'custom', permissions: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Choose at least one permission');
  });

  it('wants an e-mail address for an e-mail invitation and a number for a text one', () => {
    const email = inviteInputSchema.safeParse({ via: 'email', email: 'nope', preset: 'driver' });
    expect(email.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['email', 'Enter a valid e-mail address'],
    ]);
    const text = inviteInputSchema.safeParse({
      via: 'text',
      phoneNumber: '0123',
      preset: 'driver',
    });
    expect(text.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['phoneNumber', 'Invalid phone number'],
    ]);
    const ok = inviteInputSchema.parse({
      via: 'email',
      email: ' Dana@Example.com ',
      preset: 'driver',
    });
    expect(ok.email).toBe('dana@example.com');
  });
});
