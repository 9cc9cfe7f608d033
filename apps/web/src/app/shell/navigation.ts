import { useRouter } from '@tanstack/react-router';
import {
  BACK_OFFICE_GROUP_TITLE,
  type NavItem,
  type PagePermissionOf,
  PLATFORM_GROUP_TITLE,
  PLATFORM_ITEMS,
  QUICK_LINKS,
  visibleBackOfficeItems,
  withPagePermissions,
} from '@tentpole/domain';
import { useMemo } from 'react';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { pagePermission } from '@/app/providers/page-access';

export type NavSection = { label?: string; items: readonly NavItem[] };

/**
 * spec §2 Sidebar: quick links, Platform, and Back Office when any of it is granted. Each
 * item's permission is the one its page's route declares (staticData.permission), read from
 * the router: the sidebar never writes a permission of its own.
 */
export function useNavigation(): readonly NavSection[] {
  const router = useRouter();
  const { user } = useAuthenticatedSession();
  return useMemo(() => {
    const permissionOf: PagePermissionOf = (url) => pagePermission(router, url);
    const backOffice = visibleBackOfficeItems(user.roles, permissionOf);
    return [
      { items: withPagePermissions(QUICK_LINKS, permissionOf) },
      { label: PLATFORM_GROUP_TITLE, items: withPagePermissions(PLATFORM_ITEMS, permissionOf) },
      ...(backOffice.length > 0 ? [{ label: BACK_OFFICE_GROUP_TITLE, items: backOffice }] : []),
    ];
  }, [router, user.roles]);
}
