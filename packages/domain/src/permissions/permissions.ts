// spec §6: every permission string carries one common product prefix. Stored roles read
// 'tentpole:customer.read'; 'tentpole:*' grants everything and 'tentpole:customer.*' a group.
export const PERMISSION_PREFIX = 'tentpole:';

// spec §6: resource.action permissions, without the prefix. phone.write and customer.write
// are the write permissions the header action button checks for those resources.
export const PERMISSIONS = [
  'phone.read',
  'phone.write',
  'product.read',
  'product.write',
  'customer.read',
  'customer.write',
  'coupons.read',
  'delivery.read',
  'email.read',
  'reports.read',
  'website.read',
  'staff.others.write',
  'account.read',
  'account.write',
  // back-office spec §1: orders and payments.
  'order.write',
  'order.cancel',
  'order.override',
  'payment.write',
  'payment.refund',
  // back-office spec §1: change templates, automations and messaging settings (issue 21).
  'email.write',
  // back-office spec §1: revenue, tax and payment reports (issue 22).
  'reports.financial',
  // back-office spec §1: create and change coupons (issue 20).
  'coupons.write',
  // back-office spec §1: change delivery methods, fee rules and depots; a driver sees and works
  // only their own stops (issue 19).
  'delivery.write',
  'delivery.driver',
  // back-office spec §1: see the team (the Team page changes it with staff.others.write).
  'staff.others.read',
  // back-office spec §1: build and publish the website, change the store's settings (issue 20).
  'website.write',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export function permissionString(
  permission: Permission,
): `${typeof PERMISSION_PREFIX}${Permission}` {
  return `${PERMISSION_PREFIX}${permission}`;
}

export const ALL_PERMISSION_STRINGS = PERMISSIONS.map(permissionString);
