import { can } from './can';
import { BACK_OFFICE_ITEMS, type NavItem } from './sidebar';

// spec §6: Back Office items are hidden unless the roles grant their permission.
export function visibleBackOfficeItems(roles: readonly string[]): readonly NavItem[] {
  return BACK_OFFICE_ITEMS.filter((item) => can(roles, item.permission));
}

// spec §6: the Back Office group shows only when at least one of its items is granted.
export function showsBackOffice(roles: readonly string[]): boolean {
  return visibleBackOfficeItems(roles).length > 0;
}
