import type { Team } from '@tentpole/domain';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { useTeams } from '../api/get-teams';

type AccountSwitcher = {
  /** spec §2: 'Loading...' until the accounts are known. */
  status: 'loading' | 'ready';
  teams: readonly Team[];
  /** The current team: the session's account among the user's teams. */
  activeTeam: Team | null;
  switchAccount: (accountId: string) => void;
  /** The account being switched to, while the switch is under way. */
  switchingTo: string | null;
};

const AccountSwitcherContext = createContext<AccountSwitcher | null>(null);

type AccountSwitcherProviderProps = {
  activeAccountId: string;
  /** Changes the session's account (spec §4 Account switch). */
  onSwitch: (accountId: string) => Promise<unknown>;
  children: ReactNode;
};

/** ⌘ or Ctrl plus a digit: the position of the account to switch to (spec §2). */
function shortcutPosition(event: KeyboardEvent): number | null {
  if (!(event.metaKey || event.ctrlKey) || event.altKey || event.shiftKey) return null;
  if (!/^[1-9]$/.test(event.key)) return null;
  return Number(event.key);
}

export function AccountSwitcherProvider({
  activeAccountId,
  onSwitch,
  children,
}: AccountSwitcherProviderProps) {
  const teams = useTeams();
  const [switchingTo, setSwitchingTo] = useState<string | null>(null);

  const value = useMemo<AccountSwitcher>(() => {
    const list = teams.data ?? [];
    const switchAccount = (accountId: string) => {
      if (accountId === activeAccountId) return;
      setSwitchingTo(accountId);
      void onSwitch(accountId)
        .catch(() => {
          // The session stays on the account it was on; the switcher shows it unchanged.
        })
        .finally(() => setSwitchingTo(null));
    };
    return {
      status: teams.isPending ? 'loading' : 'ready',
      teams: list,
      activeTeam: list.find((team) => team.id === activeAccountId) ?? null,
      switchAccount,
      switchingTo,
    };
  }, [teams.data, teams.isPending, activeAccountId, onSwitch, switchingTo]);

  const { teams: list, switchAccount } = value;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const position = shortcutPosition(event);
      const team = position === null ? undefined : list[position - 1];
      if (!team) return;
      event.preventDefault();
      switchAccount(team.id);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [list, switchAccount]);

  return <AccountSwitcherContext value={value}>{children}</AccountSwitcherContext>;
}

/** spec §8: the account switcher used outside its provider throws. */
export function useAccountSwitcher(): AccountSwitcher {
  const context = useContext(AccountSwitcherContext);
  if (!context) {
    throw new Error('useAccountSwitcher must be used inside an AccountSwitcherProvider');
  }
  return context;
}
