import { Sidebar, SidebarContent, SidebarFooter, SidebarHeader } from '@/components/ui/sidebar';
import { AccountSwitcher } from '@/features/accounts/components/account-switcher';
import { NavGroup } from './nav-group';
import { useNavigation } from './navigation';
import { UserMenu } from './user-menu';

/**
 * spec §2 Sidebar: quick links, Platform, Back Office (when any of it is granted). Only Back
 * Office hides what the roles do not grant (spec §6); every Platform item shows, and its page
 * says when the user has no access (decision 0006). The permissions are the pages' own.
 */
export function AppSidebar() {
  const sections = useNavigation();

  return (
    <Sidebar>
      <SidebarHeader>
        <AccountSwitcher />
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label="Main navigation" className="flex flex-col gap-1">
          {sections.map((section) => (
            <NavGroup key={section.label ?? ''} label={section.label} items={section.items} />
          ))}
        </nav>
      </SidebarContent>
      <SidebarFooter>
        <UserMenu />
      </SidebarFooter>
    </Sidebar>
  );
}
