import {
  PERMISSION_PREFIX,
  PERMISSIONS,
  type Permission,
  permissionString,
} from '../permissions/permissions';

/** The full wildcard: every permission, now and later (the Owner preset). */
export const EVERY_PERMISSION = `${PERMISSION_PREFIX}*`;

/**
 * back-office spec §1: the permission editor's areas, each permission with what it lets a
 * member do. Every permission is in exactly one area (a test holds it).
 */
export const PERMISSION_AREAS: readonly {
  area: string;
  permissions: readonly { permission: Permission; label: string }[];
}[] = [
  {
    area: 'Orders',
    permissions: [
      { permission: 'order.write', label: 'Create and change orders' },
      { permission: 'order.cancel', label: 'Cancel orders' },
      { permission: 'order.override', label: 'Book despite a shortage or a schedule rule' },
    ],
  },
  {
    area: 'Payments',
    permissions: [
      { permission: 'payment.write', label: 'Record payments' },
      { permission: 'payment.refund', label: 'Refund payments' },
    ],
  },
  {
    area: 'Customers',
    permissions: [
      { permission: 'customer.read', label: 'See customers' },
      { permission: 'customer.write', label: 'Add and change customers' },
    ],
  },
  {
    area: 'Inventory',
    permissions: [
      { permission: 'product.read', label: 'See products and categories' },
      { permission: 'product.write', label: 'Add and change products' },
    ],
  },
  {
    area: 'Coupons',
    permissions: [
      { permission: 'coupons.read', label: 'See coupons' },
      { permission: 'coupons.write', label: 'Create and change coupons' },
    ],
  },
  {
    area: 'Delivery',
    permissions: [
      { permission: 'delivery.read', label: 'See the Delivery Manager' },
      { permission: 'delivery.write', label: 'Change delivery methods, fees and depots' },
      { permission: 'delivery.driver', label: 'Work their own stops as a driver' },
    ],
  },
  {
    area: 'Reach',
    permissions: [
      { permission: 'phone.read', label: 'Calls and texts' },
      { permission: 'phone.write', label: 'Send texts' },
    ],
  },
  {
    area: 'Emails',
    permissions: [
      { permission: 'email.read', label: 'See e-mails and automations' },
      { permission: 'email.write', label: 'Change templates and automations' },
    ],
  },
  {
    area: 'Reports',
    permissions: [
      { permission: 'reports.read', label: 'See reports' },
      { permission: 'reports.financial', label: 'Revenue, tax and payment reports' },
    ],
  },
  {
    area: 'Website',
    permissions: [
      { permission: 'website.read', label: 'See the website builder' },
      { permission: 'website.write', label: 'Build and publish the website' },
    ],
  },
  {
    area: 'Team',
    permissions: [
      { permission: 'staff.others.read', label: 'See the team' },
      { permission: 'staff.others.write', label: 'Invite, change and remove members' },
    ],
  },
  {
    area: 'Settings',
    permissions: [
      { permission: 'account.read', label: 'See settings' },
      { permission: 'account.write', label: 'Change settings and billing' },
    ],
  },
];

export const ROLE_PRESET_NAMES = [
  'owner',
  'manager',
  'office',
  'warehouse',
  'driver',
  'bookkeeper',
] as const;
export type RolePresetName = (typeof ROLE_PRESET_NAMES)[number];

export type RolePreset = {
  name: RolePresetName;
  title: string;
  description: string;
  /** The stored role strings, prefixed ('tentpole:order.write'); Owner is the wildcard. */
  roles: readonly string[];
};

const strings = (permissions: readonly Permission[]) => permissions.map(permissionString);

/**
 * back-office spec §1: the role presets, each only a named set of permission strings (a member's
 * permissions can be edited past it, and then read as custom).
 */
export const ROLE_PRESETS: readonly RolePreset[] = [
  {
    name: 'owner',
    title: 'Owner',
    description: 'Everything, including settings, billing and the team.',
    roles: [EVERY_PERMISSION],
  },
  {
    name: 'manager',
    title: 'Manager',
    description:
      'Runs the business day to day: orders, payments, inventory, deliveries, Reach, e-mails and reports. Sees the team and the settings but does not change them.',
    roles: strings(PERMISSIONS.filter((p) => p !== 'account.write' && p !== 'staff.others.write')),
  },
  {
    name: 'office',
    title: 'Office',
    description:
      'Sales and phone: takes bookings and payments, looks after customers, calls and texts.',
    roles: strings([
      'order.write',
      'order.cancel',
      'payment.write',
      'customer.read',
      'customer.write',
      'product.read',
      'coupons.read',
      'delivery.read',
      'phone.read',
      'phone.write',
      'email.read',
    ]),
  },
  {
    name: 'warehouse',
    title: 'Warehouse',
    description: 'Inventory, load lists and returns.',
    roles: strings(['product.read', 'product.write', 'delivery.read', 'order.write']),
  },
  {
    name: 'driver',
    title: 'Driver',
    description: 'Sees and works only their own stops, and calls the customers of those stops.',
    roles: strings(['delivery.driver', 'phone.read']),
  },
  {
    name: 'bookkeeper',
    title: 'Bookkeeper',
    description: 'Reports and payments; read-only everywhere else.',
    roles: strings([
      'reports.read',
      'reports.financial',
      'payment.write',
      'payment.refund',
      'customer.read',
      'product.read',
      'coupons.read',
      'delivery.read',
      'email.read',
      'account.read',
    ]),
  },
];

export function rolePreset(name: RolePresetName): RolePreset {
  const preset = ROLE_PRESETS.find((p) => p.name === name);
  if (!preset) throw new Error(`no role preset ${name}`);
  return preset;
}

const key = (roles: readonly string[]) =>
  [...new Set(roles.map((r) => r.toLowerCase()))].sort().join(' ');

/** The preset these roles are exactly, or null (custom permissions). */
export function presetOf(roles: readonly string[]): RolePresetName | null {
  if (isOwner(roles)) return 'owner';
  const wanted = key(roles);
  return ROLE_PRESETS.find((p) => key(p.roles) === wanted)?.name ?? null;
}

/** An owner holds every permission (the wildcard): the account always keeps one (§12). */
export function isOwner(roles: readonly string[]): boolean {
  return roles.some((r) => r.toLowerCase() === EVERY_PERMISSION);
}
