import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeRequest, pending, stubServer } from '@/test/fake-server';
import { accountOverview, dashboardRoutes, signedInSession, teamsResponse } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const charlotte = {
  id: 'cust-1',
  firstName: 'Charlotte',
  lastName: 'Hill',
  company: null,
  email: 'charlotte.hill@example.org',
  phoneNumber: '+15550100123',
  points: 0,
  banned: false,
  reference: null,
  lastOrder: null,
};

/** An account with phone service whose browser phone never gets its token (it stays idle). */
const phoneServiceRoutes = {
  'GET /api/phone/': () =>
    Response.json({
      enabled: true,
      messagingStatus: 'approved',
      mobileClickToCall: false,
      currentUserPhoneNumber: null,
    }),
  'GET /api/phone/voice/token': pending,
  'GET /api/phone/text': () => Response.json({ conversations: [] }),
};

function signedInServer(
  roles: string[] = signedInSession.user.roles,
  routes: Parameters<typeof stubServer>[0] = {},
) {
  const session = { ...signedInSession, user: { ...signedInSession.user, roles } };
  return stubServer({
    'GET /api/auth/session': () => Response.json(session),
    'GET /api/account': () => Response.json(accountOverview),
    'GET /api/account/teams': () => Response.json(teamsResponse),
    ...dashboardRoutes,
    'GET /api/customers': ({ search }) =>
      Response.json({
        customers: /hill|0123/i.test(search.get('search') ?? '') ? [charlotte] : [],
        total: 1,
        page: 1,
        pageSize: Number(search.get('pageSize')),
      }),
    'GET /api/customers/cust-1': () => Response.json({ customer: charlotte }),
    'GET /api/customers/cust-1/orders': pending,
    ...routes,
  });
}

function customerSearches(requests: FakeRequest[]) {
  return requests
    .filter((request) => request.path === '/api/customers')
    .map((request) => Object.fromEntries(request.search));
}

async function renderSignedIn(path = '/') {
  const view = renderApp(path);
  await screen.findByRole('navigation', { name: 'Main navigation' });
  return view;
}

function palette() {
  return screen.getByRole('dialog', { name: 'Search' });
}

async function openWithCtrlK() {
  const user = userEvent.setup();
  await user.keyboard('{Control>}k{/Control}');
  await screen.findByRole('dialog', { name: 'Search' });
  return user;
}

function group(name: string) {
  return within(palette()).getByRole('group', { name });
}

function optionNames(groupName: string) {
  return within(group(groupName))
    .getAllByRole('option')
    .map((option) => option.textContent);
}

describe('command palette (issue 15)', () => {
  it('toggles with Ctrl+K, and gives the focus back when Escape closes it', async () => {
    signedInServer();
    await renderSignedIn();
    const user = userEvent.setup();
    const switcher = screen.getByRole('button', { name: 'Switch account' });
    switcher.focus();

    await user.keyboard('{Control>}k{/Control}');
    const input = await screen.findByRole('combobox', {
      name: 'Search customers, pages and actions',
    });
    await waitFor(() => expect(input).toHaveFocus());
    expect(within(palette()).getByRole('listbox')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(switcher).toHaveFocus());

    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Search' });
    await user.keyboard('{Control>}k{/Control}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens with Cmd+K on a Mac', async () => {
    signedInServer();
    await renderSignedIn();
    const user = userEvent.setup();

    await user.keyboard('{Meta>}k{/Meta}');
    expect(await screen.findByRole('dialog', { name: 'Search' })).toBeInTheDocument();
  });

  it("opens from the sidebar's Search, which no longer goes to the dashboard", async () => {
    signedInServer();
    const { router } = await renderSignedIn('/customers');
    const user = userEvent.setup();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'Search' })).not.toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: /^Search/ }));
    expect(await screen.findByRole('dialog', { name: 'Search' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/customers');
  });

  it('lists every sidebar page to a user who may open them all, children with their parent', async () => {
    signedInServer();
    await renderSignedIn();
    await openWithCtrlK();

    expect(optionNames('Pages')).toEqual([
      'Home',
      'Calendar',
      'Orders',
      'Reach',
      'ProductsInventory',
      'CategoriesInventory',
      'Setup SurfaceInventory',
      'Customers',
      'Coupons',
      'Delivery Manager',
      'Emails',
      'Reports',
      'Website Builder',
      'Team',
      'Settings',
      'ScheduleSettings',
      'Website SettingsSettings',
      'BillingSettings',
      'ReachSettings',
    ]);
  });

  it('lists only the pages the roles open, and no customers without customer.read', async () => {
    const { requests } = signedInServer(['tentpole:product.read', 'tentpole:coupons.read']);
    await renderSignedIn();
    const user = await openWithCtrlK();

    expect(optionNames('Pages')).toEqual([
      'Home',
      'Calendar',
      'Orders',
      'ProductsInventory',
      'CategoriesInventory',
      'Setup SurfaceInventory',
      'Coupons',
    ]);
    await user.keyboard('hill');
    await waitFor(() =>
      expect(within(palette()).getByText('Nothing matches “hill”.')).toBeInTheDocument(),
    );
    expect(customerSearches(requests)).toEqual([]);
  });

  it('narrows the pages to what is typed', async () => {
    signedInServer();
    await renderSignedIn();
    const user = await openWithCtrlK();

    await user.keyboard('sett');
    expect(optionNames('Pages')).toEqual([
      'Settings',
      'ScheduleSettings',
      'Website SettingsSettings',
      'BillingSettings',
      'ReachSettings',
    ]);
    expect(within(palette()).queryByRole('group', { name: 'Customers' })).not.toBeInTheDocument();
  });

  it('finds a customer by name with the server’s search, shows the number and e-mail, and opens them on Enter', async () => {
    const { requests } = signedInServer();
    const { router } = await renderSignedIn();
    const user = await openWithCtrlK();

    await user.keyboard('Charlotte Hill');
    const option = await within(palette()).findByRole('option', { name: /Charlotte Hill/ });
    expect(option).toHaveTextContent('(555) 010-0123 · charlotte.hill@example.org');
    // Once typing has paused: one search, not one per key.
    expect(customerSearches(requests)).toEqual([
      { search: 'Charlotte Hill', page: '1', pageSize: '8' },
    ]);
    await waitFor(() => expect(option).toHaveAttribute('aria-selected', 'true'));

    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers/cust-1'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the Outbound Call dialog from its action, with the focus in it', async () => {
    signedInServer(signedInSession.user.roles, phoneServiceRoutes);
    await renderSignedIn();
    const user = await openWithCtrlK();

    await waitFor(() =>
      expect(optionNames('Actions')).toEqual(['New text', 'Outbound call', 'New order']),
    );
    await user.click(within(group('Actions')).getByRole('option', { name: 'Outbound call' }));

    const dialog = await screen.findByRole('dialog', { name: 'Outbound Call' });
    expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('Phone Number')).toHaveFocus());
  });

  it('opens Reach with an empty New text dialog from its action', async () => {
    signedInServer(signedInSession.user.roles, {
      ...phoneServiceRoutes,
      'GET /api/phone/calls': pending,
      'GET /api/phone/settings': pending,
    });
    const { router } = await renderSignedIn();
    const user = await openWithCtrlK();

    await user.click(await within(palette()).findByRole('option', { name: 'New text' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/phone'));
    expect(router.state.location.search).toEqual({ compose: '' });
    const dialog = await screen.findByRole('dialog', { name: 'New text' });
    expect(within(dialog).getByLabelText(/number/i)).toHaveValue('');
  });

  it('offers no phone actions in an account without phone service', async () => {
    signedInServer();
    await renderSignedIn();
    await openWithCtrlK();

    await screen.findByRole('group', { name: 'Pages' });
    // New order (its page exists, and the user has order.write) is the only action left.
    await waitFor(() => expect(optionNames('Actions')).toEqual(['New order']));
  });
});
