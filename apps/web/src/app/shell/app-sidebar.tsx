import {
  BACK_OFFICE_GROUP_TITLE,
  PLATFORM_GROUP_TITLE,
  PLATFORM_ITEMS,
  QUICK_LINKS,
  showsBackOffice,
  visibleBackOfficeItems,
} from '@tentpole/domain';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { Sidebar, SidebarContent, SidebarFooter, SidebarHeader } from '@/components/ui/sidebar';
import { AccountSwitcher } from '@/features/accounts/components/account-switcher';
import { NavGroup } from './nav-group';
import { UserMenu } from './user-menu';

/**
 * spec §2 Sidebar: quick links, Platform, Back Office (when any of it is granted). Only Back
 * Office hides what the roles do not grant (spec §6); every Platform item shows, and its page
 * says when the user has no access (decision 0006).
 */
export function AppSidebar() {
  const { user } = useAuthenticatedSession();

  return (
    <Sidebar>
      <SidebarHeader>
        <AccountSwitcher />
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label="Main navigation" className="flex flex-col gap-1">
          <NavGroup items={QUICK_LINKS} />
          <NavGroup label={PLATFORM_GROUP_TITLE} items={PLATFORM_ITEMS} />
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
