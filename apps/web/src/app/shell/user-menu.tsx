import { planTitle, upgradeSuggestion } from '@tentpole/domain';
import { Bell, ChevronsUpDown, CreditCard, LogOut, Sparkles, UserRound } from 'lucide-react';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { AppLink } from '@/components/app-link';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import {
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
} from '@/components/ui/sidebar';
import { useAccountOverview } from '@/features/accounts/api/get-account-overview';
import { useSignOut } from '@/features/auth/api/sign-out';
import { initialsOf } from '@/lib/initials';

function UserIdentity({ name, email }: { name: string; email: string }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="grid size-8 shrink-0 place-items-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
      >
        {initialsOf(name) || '?'}
      </span>
      <span className="grid min-w-0 flex-1 text-left text-sm leading-tight">
        <span className="truncate font-medium">{name}</span>
        <span className="truncate text-xs text-muted-foreground">{email}</span>
      </span>
    </>
  );
}

/** spec §2 User menu, with the upgrade suggestion of spec §6. */
export function UserMenu() {
  const { user } = useAuthenticatedSession();
  const overview = useAccountOverview();
  const signOut = useSignOut();
  const { isMobile, setOpenMobile } = useSidebar();

  const planLevel = overview.data?.plan.level || user.planLevel;
  const suggestion = upgradeSuggestion(user.roles, planLevel);
  const closeMobileSheet = () => {
    if (isMobile) setOpenMobile(false);
  };

  return (
    <SidebarMenu>
      <SidebarMenuItem>
        {/* Not modal: a modal menu hides the page with aria-hidden while it stays focusable. */}
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <SidebarMenuButton
              size="lg"
              aria-label={`User menu: ${user.name}`}
              className="data-[state=open]:bg-sidebar-accent data-[state=open]:text-sidebar-accent-foreground"
            >
              <UserIdentity name={user.name} email={user.email} />
              <ChevronsUpDown aria-hidden="true" className="ml-auto size-4" />
            </SidebarMenuButton>
          </DropdownMenuTrigger>
          <DropdownMenuContent
            className="w-(--radix-dropdown-menu-trigger-width) min-w-60"
            side={isMobile ? 'bottom' : 'right'}
            align="end"
            sideOffset={4}
          >
            <DropdownMenuLabel className="p-0 font-normal">
              <div className="flex items-center gap-2 px-1 py-1.5">
                <UserIdentity name={user.name} email={user.email} />
              </div>
              <p className="px-1 pb-1.5 text-xs text-muted-foreground">
                Plan:{' '}
                <span className="inline-flex rounded-full bg-primary/10 px-2 py-0.5 font-semibold text-primary-ink">
                  {planTitle(planLevel || 'free')}
                </span>
              </p>
            </DropdownMenuLabel>
            {suggestion && (
              <>
                <DropdownMenuSeparator />
                <DropdownMenuGroup>
                  <DropdownMenuItem asChild>
                    <AppLink url="/account?tab=billing" onClick={closeMobileSheet}>
                      <Sparkles className="text-primary" aria-hidden="true" />
                      Upgrade to {planTitle(suggestion)}
                    </AppLink>
                  </DropdownMenuItem>
                </DropdownMenuGroup>
              </>
            )}
            <DropdownMenuSeparator />
            <DropdownMenuGroup>
              <DropdownMenuItem asChild>
                <AppLink url="/account" onClick={closeMobileSheet}>
                  <UserRound aria-hidden="true" />
                  Account
                </AppLink>
              </DropdownMenuItem>
              <DropdownMenuItem asChild>
                <AppLink url="/account?tab=billing" onClick={closeMobileSheet}>
                  <CreditCard aria-hidden="true" />
                  Billing
                </AppLink>
              </DropdownMenuItem>
              <DropdownMenuItem disabled>
                <Bell aria-hidden="true" />
                Notifications
              </DropdownMenuItem>
            </DropdownMenuGroup>
            <DropdownMenuSeparator />
            <DropdownMenuItem
              disabled={signOut.isPending}
              onSelect={(event) => {
                event.preventDefault();
                signOut.mutate();
              }}
            >
              <LogOut aria-hidden="true" />
              Log out
            </DropdownMenuItem>
            {signOut.isError && (
              <p role="alert" className="px-2 py-1.5 text-xs text-destructive">
                Could not log out. Please try again.
              </p>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
