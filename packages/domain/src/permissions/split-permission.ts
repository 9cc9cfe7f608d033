import { PERMISSION_PREFIX } from './permissions';

export interface PermissionParts {
  group: string;
  action: string;
}

/** Removes the product prefix when present (compared case-insensitively). */
export function stripPermissionPrefix(permission: string): string {
  const head = permission.slice(0, PERMISSION_PREFIX.length);
  return head.toLowerCase() === PERMISSION_PREFIX
    ? permission.slice(PERMISSION_PREFIX.length)
    : permission;
}

/**
 * Splits 'group.action' at its LAST dot, so 'staff.others.write' is group 'staff.others',
 * action 'write'. Returns null when either side would be empty.
 */
export function splitPermission(permission: string): PermissionParts | null {
  const dot = permission.lastIndexOf('.');
  if (dot <= 0 || dot === permission.length - 1) return null;
  return { group: permission.slice(0, dot), action: permission.slice(dot + 1) };
}
