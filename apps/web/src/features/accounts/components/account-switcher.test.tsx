import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SidebarProvider } from '@/components/ui/sidebar';
import { TooltipProvider } from '@/components/ui/tooltip';
import { createQueryClient } from '@/lib/query-client';
import { pending, stubServer } from '@/test/fake-server';
import { AccountSwitcher } from './account-switcher';
import { AccountSwitcherProvider, useAccountSwitcher } from './account-switcher-provider';

const teams = {
  organizations: {
    held: [{ id: 'acct-1', name: 'Bounce Kingdom Party Rentals', logo: null, plan: 'pro' }],
    joined: [{ id: 'acct-2', name: 'Sunshine Tents', logo: null, plan: 'free' }],
  },
};

function renderSwitcher(onSwitch = vi.fn(async () => {})) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TooltipProvider>
        <SidebarProvider>
          <AccountSwitcherProvider activeAccountId="acct-1" onSwitch={onSwitch}>
            <AccountSwitcher />
          </AccountSwitcherProvider>
        </SidebarProvider>
      </TooltipProvider>
    </QueryClientProvider>,
  );
  return { onSwitch };
}

function OutsideTheProvider() {
  useAccountSwitcher();
  return null;
}

async function openSwitcher() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Switch account' }));
  return { user, menu: await screen.findByRole('menu') };
}

describe('account switcher (spec §2)', () => {
  it("shows 'Loading...' until the accounts are known", async () => {
    stubServer({ 'GET /api/account/teams': pending });
    renderSwitcher();

    expect(await screen.findByRole('button', { name: 'Switch account' })).toHaveTextContent(
      'Loading...',
    );
    const { menu } = await openSwitcher();
    expect(within(menu).getByText('Loading...')).toBeInTheDocument();
  });

  it("lists the accounts under 'Accounts' with ⌘ and their position, names cut at 18 characters", async () => {
    stubServer({ 'GET /api/account/teams': () => Response.json(teams) });
    renderSwitcher();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Switch account' })).toHaveTextContent(
        'Bounce Kingdom Party Rentals',
      ),
    );

    const { menu } = await openSwitcher();
    expect(within(menu).getByText('Accounts')).toBeInTheDocument();
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'BKBounce Kingdom Par…⌘1',
      'STSunshine Tents⌘2',
      'Add team',
    ]);
  });

  it("shows 'No accounts found' when the user has none", async () => {
    stubServer({ 'GET /api/account/teams': () => Response.json({ organizations: {} }) });
    renderSwitcher();

    const { menu } = await openSwitcher();
    await waitFor(() => expect(within(menu).getByText('No accounts found')).toBeInTheDocument());
  });

  it('switches to the account chosen in the menu', async () => {
    stubServer({ 'GET /api/account/teams': () => Response.json(teams) });
    const { onSwitch } = renderSwitcher();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Switch account' })).not.toHaveTextContent(
        'Loading...',
      ),
    );

    const { user, menu } = await openSwitcher();
    await user.click(within(menu).getByRole('menuitem', { name: /Sunshine Tents/ }));

    expect(onSwitch).toHaveBeenCalledWith('acct-2');
  });

  it('switches with ⌘ or Ctrl plus the position number', async () => {
    stubServer({ 'GET /api/account/teams': () => Response.json(teams) });
    const { onSwitch } = renderSwitcher();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Switch account' })).not.toHaveTextContent(
        'Loading...',
      ),
    );
    const user = userEvent.setup();

    await user.keyboard('{Meta>}2{/Meta}');
    expect(onSwitch).toHaveBeenCalledWith('acct-2');
    await user.keyboard('{Control>}3{/Control}');
    expect(onSwitch).toHaveBeenCalledTimes(1);
  });

  it('throws when used outside its provider', () => {
    // React reports the error it rethrows; that report is expected here.
    vi.mocked(console.error).mockImplementation(() => {});
    expect(() => render(<OutsideTheProvider />)).toThrow(
      'useAccountSwitcher must be used inside an AccountSwitcherProvider',
    );
  });
});
