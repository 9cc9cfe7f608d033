import { can } from './can';
import type { Permission } from './permissions';

/**
 * spec §6: the resource derived from a permission is the permission minus its last segment
 * ('staff.others.write' → 'staff.others'). A permission without a dot has no resource: ''.
 */
export function writeResourceOf(permission: Permission | string): string {
  const dot = permission.lastIndexOf('.');
  return dot === -1 ? '' : permission.slice(0, dot);
}

// spec §6: the header action button is enabled only with write on the derived resource.
export function canWrite(roles: readonly string[], permission: Permission | string): boolean {
  const resource = writeResourceOf(permission);
  return resource !== '' && can(roles, `${resource}.write`);
}
