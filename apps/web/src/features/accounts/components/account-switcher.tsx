import { planTitle, truncateAccountName } from '@tentpole/domain';
import { ChevronsUpDown, Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuShortcut,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import {
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
} from '@/components/ui/sidebar';
import { Spinner } from '@/components/ui/spinner';
import { AccountAvatar } from './account-avatar';
import { useAccountSwitcher } from './account-switcher-provider';
import { AddTeamDialog } from './add-team-dialog';

/** spec §2 Account switcher: the current account, and the others to switch to. */
export function AccountSwitcher() {
  const { status, teams, activeTeam, switchAccount, switchingTo } = useAccountSwitcher();
  const { isMobile, setOpenMobile } = useSidebar();
  const switchTo = (accountId: string) => {
    setOpenMobile(false);
    switchAccount(accountId);
  };
  const [addingTeam, setAddingTeam] = useState(false);

  return (
    <SidebarMenu>
      <SidebarMenuItem>
        {/* Not modal: a modal menu hides the page with aria-hidden while it stays focusable. */}
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <SidebarMenuButton
              size="lg"
              aria-label="Switch account"
              className="data-[state=open]:bg-sidebar-accent data-[state=open]:text-sidebar-accent-foreground"
            >
              {status === 'loading' ? (
                <>
                  <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary-ink">
                    <Spinner />
                  </span>
                  <span className="text-sm text-muted-foreground">Loading...</span>
                </>
              ) : (
                <>
                  <AccountAvatar
                    name={activeTeam?.name ?? ''}
                    logo={activeTeam?.logo ?? null}
                    className="size-8 text-xs"
                  />
                  <span className="grid flex-1 text-left leading-tight">
                    <span className="truncate text-sm font-semibold" title={activeTeam?.name}>
                      {activeTeam?.name ?? 'No account'}
                    </span>
                    <span className="truncate text-xs text-muted-foreground">
                      {activeTeam ? `${planTitle(activeTeam.plan)} plan` : 'Choose an account'}
                    </span>
                  </span>
                  <ChevronsUpDown aria-hidden="true" className="ml-auto" />
                </>
              )}
            </SidebarMenuButton>
          </DropdownMenuTrigger>
          <DropdownMenuContent
            className="w-(--radix-dropdown-menu-trigger-width) min-w-64"
            align="start"
            side={isMobile ? 'bottom' : 'right'}
            sideOffset={4}
          >
            <DropdownMenuLabel className="text-xs font-medium text-muted-foreground">
              Accounts
            </DropdownMenuLabel>
            {status === 'loading' ? (
              <DropdownMenuItem disabled>Loading...</DropdownMenuItem>
            ) : teams.length === 0 ? (
              <DropdownMenuItem disabled>No accounts found</DropdownMenuItem>
            ) : (
              teams.map((team, index) => (
                <DropdownMenuItem
                  key={team.id}
                  onSelect={() => switchTo(team.id)}
                  aria-current={team.id === activeTeam?.id ? 'true' : undefined}
                  className="gap-2 p-2 whitespace-nowrap aria-[current=true]:font-medium"
                >
                  <AccountAvatar name={team.name} logo={team.logo} className="size-6 text-[10px]" />
                  <span title={team.name}>{truncateAccountName(team.name)}</span>
                  {switchingTo === team.id && <Spinner className="text-muted-foreground" />}
                  <DropdownMenuShortcut>⌘{index + 1}</DropdownMenuShortcut>
                </DropdownMenuItem>
              ))
            )}
            <DropdownMenuSeparator />
            <DropdownMenuItem className="gap-2 p-2" onSelect={() => setAddingTeam(true)}>
              <span className="grid size-6 place-items-center rounded-md border bg-background">
                <Plus className="size-4" aria-hidden="true" />
              </span>
              <span className="font-medium text-muted-foreground">Add team</span>
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
        <AddTeamDialog
          open={addingTeam}
          onOpenChange={setAddingTeam}
          onCreated={(team) => {
            toast.success(`${team.name} is ready.`);
            switchTo(team.id);
          }}
        />
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
