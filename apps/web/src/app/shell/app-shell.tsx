import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { AccountEventsProvider } from '@/app/providers/account-events-provider';
import { AccountFormatProvider } from '@/app/providers/account-format-provider';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { useInstrumentation } from '@/app/providers/instrumentation-provider';
import { SidebarInset, SidebarProvider } from '@/components/ui/sidebar';
import { Toaster } from '@/components/ui/sonner';
import { TooltipProvider } from '@/components/ui/tooltip';
import { AccountSwitcherProvider } from '@/features/accounts/components/account-switcher-provider';
import { TrialBanner } from '@/features/accounts/components/trial-banner';
import { useUpdateSession } from '@/features/auth/api/update-session';
import { ReadOnlyBanner } from '@/features/billing/components/read-only-banner';
import { ACTIVE_CALL_DOCK_ID } from '@/features/phone/components/active-call-dock';
import { PhoneProvider } from '@/features/phone/components/phone-provider';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';
import { CommandPaletteProvider } from './command-palette/command-palette-provider';
import { HeaderActionsSlotProvider } from './page-header-actions';
import { SessionWatch } from './session-watch';

/** Tells analytics and error reporting who is signed in (spec §7), with consent for analytics. */
function useIdentifyUser() {
  const { user } = useAuthenticatedSession();
  const { analytics, errors, environment } = useInstrumentation();
  const { id, email, name, accountId } = user;
  useEffect(() => {
    analytics.identify({ userId: id, email, name, accountId, environment });
    errors.setUser({ id, email });
  }, [analytics, errors, environment, id, email, name, accountId]);
}

/**
 * spec §2 Shell: every authenticated page has a sidebar, a header with breadcrumbs, the trial
 * banner and the main content.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { user } = useAuthenticatedSession();
  const updateSession = useUpdateSession();
  const [actionsSlot, setActionsSlot] = useState<HTMLElement | null>(null);
  useIdentifyUser();

  const { mutateAsync } = updateSession;
  const switchAccount = useCallback(
    (accountId: string) => mutateAsync({ accountId }),
    [mutateAsync],
  );

  return (
    <TooltipProvider>
      <AccountFormatProvider>
        <AccountEventsProvider accountId={user.accountId}>
          <SessionWatch />
          <PhoneProvider>
            <AccountSwitcherProvider activeAccountId={user.accountId} onSwitch={switchAccount}>
              <CommandPaletteProvider>
                <HeaderActionsSlotProvider value={actionsSlot}>
                  <SidebarProvider>
                    <AppSidebar />
                    <SidebarInset>
                      <AppHeader actionsSlotRef={setActionsSlot} />
                      {/* The call in progress docks here, under the header (issue 15). */}
                      <div
                        id={ACTIVE_CALL_DOCK_ID}
                        className="sticky top-14 z-10 empty:hidden print:hidden"
                      />
                      <TrialBanner accountId={user.accountId} trialEndDate={user.trialEndDate} />
                      <ReadOnlyBanner trialEndDate={user.trialEndDate} roles={user.roles} />
                      <main className="flex-1 px-4 py-6 sm:px-6 lg:px-8">{children}</main>
                    </SidebarInset>
                  </SidebarProvider>
                </HeaderActionsSlotProvider>
              </CommandPaletteProvider>
            </AccountSwitcherProvider>
            <Toaster />
          </PhoneProvider>
        </AccountEventsProvider>
      </AccountFormatProvider>
    </TooltipProvider>
  );
}
