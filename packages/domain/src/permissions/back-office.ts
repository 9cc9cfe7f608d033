import { can } from './can';
import {
  BACK_OFFICE_ITEMS,
  type NavItem,
  type PagePermissionOf,
  withPagePermissions,
} from './sidebar';

/**
 * spec §6: Back Office items are hidden unless the roles grant their permission, the one
 * their page declares (`permissionOf`). An item whose page declares none is never granted:
 * every Back Office page needs one (spec §2).
 */
export function visibleBackOfficeItems(
  roles: readonly string[],
  permissionOf: PagePermissionOf,
): readonly NavItem[] {
  return withPagePermissions(BACK_OFFICE_ITEMS, permissionOf).filter(
    (item) => item.permission !== undefined && can(roles, item.permission),
  );
}

// spec §6: the Back Office group shows only when at least one of its items is granted.
export function showsBackOffice(roles: readonly string[], permissionOf: PagePermissionOf): boolean {
  return visibleBackOfficeItems(roles, permissionOf).length > 0;
}
