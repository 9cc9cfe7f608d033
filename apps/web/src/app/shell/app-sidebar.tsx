import {
  BACK_OFFICE_GROUP_TITLE,
  can,
  PLATFORM_GROUP_TITLE,
  PLATFORM_ITEMS,
  QUICK_LINKS,
  showsBackOffice,
  visibleBackOfficeItems,
} from '@tentpole/domain';
import { Sidebar, SidebarContent, SidebarFooter, SidebarHeader } from '@/components/ui/sidebar';
import { AccountSwitcher } from '@/features/accounts/components/account-switcher';
import { useAuthenticatedSession } from '@/features/auth/components/authenticated-session';
import { NavGroup } from './nav-group';
import { UserMenu } from './user-menu';

/** spec §2 Sidebar: quick links, Platform, Back Office (when any of it is granted). */
export function AppSidebar() {
  const { user } = useAuthenticatedSession();
  const platformItems = PLATFORM_ITEMS.filter(
    (item) => item.permission === undefined || can(user.roles, item.permission),
  );

  return (
    <Sidebar>
      <SidebarHeader>
        <AccountSwitcher />
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label="Main navigation" className="flex flex-col gap-1">
          <NavGroup items={QUICK_LINKS} />
          <NavGroup label={PLATFORM_GROUP_TITLE} items={platformItems} />
          {showsBackOffice(user.roles) && (
            <NavGroup label={BACK_OFFICE_GROUP_TITLE} items={visibleBackOfficeItems(user.roles)} />
          )}
        </nav>
      </SidebarContent>
      <SidebarFooter>
        <UserMenu />
      </SidebarFooter>
    </Sidebar>
  );
}
