import type { Permission } from './permissions';
import { PERMISSION_PREFIX } from './permissions';
import { splitPermission, stripPermissionPrefix } from './split-permission';

const FULL_WILDCARD = `${PERMISSION_PREFIX}*`;

/**
 * spec §6: a pattern of form group.action matches a requested group and action when it is
 * a full wildcard ('tentpole:*'), a group wildcard ('tentpole:customer.*') or the exact pair,
 * case-insensitively. The pattern must carry the product prefix. A group wildcard covers
 * only its own group: 'tentpole:staff.*' does not grant 'staff.others.write'.
 */
export function matchesPermission(pattern: string, group: string, action: string): boolean {
  if (group === '' || action === '') return false;
  const normalisedPattern = pattern.toLowerCase();
  if (normalisedPattern === FULL_WILDCARD) return true;
  if (!normalisedPattern.startsWith(PERMISSION_PREFIX)) return false;
  const parts = splitPermission(normalisedPattern.slice(PERMISSION_PREFIX.length));
  if (parts === null || parts.group.includes('*')) return false;
  if (parts.group !== group.toLowerCase()) return false;
  return parts.action === '*' || parts.action === action.toLowerCase();
}

/**
 * spec §6: whether any of the roles grants the permission. The permission may be given with
 * or without the product prefix; a malformed one (no 'group.action' form) is never granted.
 */
export function can(roles: readonly string[], permission: Permission | string): boolean {
  const parts = splitPermission(stripPermissionPrefix(permission));
  if (parts === null) return false;
  return roles.some((role) => matchesPermission(role, parts.group, parts.action));
}
