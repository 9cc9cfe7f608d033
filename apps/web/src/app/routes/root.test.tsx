import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pending, stubServer } from '@/test/fake-server';
import { accountOverview, dashboardRoutes, signedInSession, teamsResponse } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

describe('route guard', () => {
  it('sends a signed-out visitor to /auth/login with the page they wanted as callbackUrl', async () => {
    stubServer({ 'GET /api/auth/session': () => Response.json(null) });
    const { router } = renderApp('/orders?status=confirmed');

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.search).toEqual({ callbackUrl: '/orders?status=confirmed' });
  });

  it("treats Auth.js's empty-object session as signed out", async () => {
    stubServer({ 'GET /api/auth/session': () => Response.json({}) });
    const { router } = renderApp('/');

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ callbackUrl: '/' });
  });

  it('shows a Loading spinner, and not the page, while the session loads', async () => {
    stubServer({ 'GET /api/auth/session': pending });
    renderApp('/');

    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('logs a session fetch that fails to /api/auth/_log, and counts it as signed out', async () => {
    const { requests } = stubServer({
      'GET /api/auth/session': () =>
        Response.json({ error: { code: 'internal', message: 'boom' } }, { status: 500 }),
      'POST /api/auth/_log': () => new Response(null, { status: 200 }),
      'GET /api/auth/providers': () => Response.json({}),
    });
    renderApp('/');

    expect(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 3000 })).toBeVisible();
    const log = requests.find((request) => request.path === '/api/auth/_log');
    expect(log?.method).toBe('POST');
    expect(Object.fromEntries(log?.form ?? [])).toEqual({
      level: 'error',
      code: 'CLIENT_SESSION_ERROR',
      message: 'boom',
    });
  });

  it('lets a public page through without a session', async () => {
    stubServer({ 'GET /api/auth/session': pending });
    renderApp('/auth/login');

    expect(await screen.findByRole('heading', { name: 'Sign in to Tentpole' })).toBeInTheDocument();
  });

  it('shows a not-found page for an unknown path to a signed-in user', async () => {
    stubServer({ 'GET /api/auth/session': () => Response.json(signedInSession) });
    renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});

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

describe('app shell and dashboard', () => {
  function signedInServer(
    roles: string[] = signedInSession.user.roles,
    routes: Parameters<typeof stubServer>[0] = {},
  ) {
    let signedIn = true;
    const session = { ...signedInSession, user: { ...signedInSession.user, roles } };
    const server = stubServer({
      'GET /api/auth/csrf': () => Response.json({ csrfToken: 'csrf-123' }),
      'GET /api/auth/session': () => Response.json(signedIn ? session : null),
      'POST /api/auth/signout': () => {
        signedIn = false;
        return Response.json({ url: `${window.location.origin}/auth/login` });
      },
      'POST /api/auth/_log': () => new Response(null, { status: 200 }),
      'GET /api/account': () => Response.json(accountOverview),
      'GET /api/account/teams': () => Response.json(teamsResponse),
      ...dashboardRoutes,
      ...routes,
    });
    return {
      ...server,
      signOutElsewhere: () => {
        signedIn = false;
      },
    };
  }

  async function openUserMenu() {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'User menu: Dana Rivera' }));
    return { user, menu: await screen.findByRole('menu') };
  }

  function tile(title: string) {
    return screen.getByRole('group', { name: title });
  }

  it('shows the active account in the switcher and the user, with the plan in title case, in the user menu', async () => {
    signedInServer();
    renderApp('/');

    // The active account is the one whose id is the session's accountId, not the first listed.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Switch account' })).toHaveTextContent(
        'Bounce Bros Rentals',
      ),
    );
    const { menu } = await openUserMenu();
    expect(within(menu).getByText('dana@bouncebros.example')).toBeInTheDocument();
    expect(within(menu).getByText('Pro')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Upgrade to Unlimited' })).toHaveAttribute(
      'href',
      '/account?tab=billing',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Notifications' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('offers no upgrade to a user without account.write', async () => {
    signedInServer(['tentpole:account.read', 'tentpole:customer.read']);
    renderApp('/');

    const { menu } = await openUserMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Account' })).toBeInTheDocument();
    expect(within(menu).queryByText(/Upgrade/)).not.toBeInTheDocument();
  });

  it('shows each tile with its value and percentage change (spec §9)', async () => {
    signedInServer();
    renderApp('/');

    await waitFor(() => expect(tile('Cart Sessions')).toHaveTextContent('12+50% from last week'));
    // A previous value of 0 counts as 1.
    expect(tile('New Customers')).toHaveTextContent('3+200% from last week');
    expect(tile('Orders This Week')).toHaveTextContent('70% from last week');
    // back-office §11: each tile opens what it counts, over the period the server names.
    const opens = (title: string) =>
      new URL(
        within(tile(title)).getByRole('link', { name: title }).getAttribute('href') ?? '',
        window.location.origin,
      );
    const week = opens('Orders This Week');
    expect(week.pathname).toBe('/orders');
    expect(Object.fromEntries(week.searchParams)).toEqual({
      from: '2026-11-16T06:00:00.000Z',
      to: '2026-11-23T06:00:00.000Z',
    });
    expect(Object.fromEntries(opens('New Customers').searchParams)).toEqual({
      report: 'lead-sources',
      from: '2026-11-14',
      to: '2026-11-20',
    });
    expect(Object.fromEntries(opens('YTD Revenue').searchParams)).toEqual({
      report: 'revenue',
      from: '2026-01-01',
      to: '2026-11-20',
      basis: 'accrual',
    });
    const carts = opens('Cart Sessions');
    expect(carts.pathname).toBe('/website/carts');
    expect(Object.fromEntries(carts.searchParams)).toEqual({
      from: '2026-11-14',
      to: '2026-11-20',
    });
    expect(tile('YTD Revenue')).toHaveTextContent(
      '$12,345.50+23.46% from this time last yearBy event date',
    );
    expect(screen.getByTestId('total')).toHaveTextContent('$1,500.50');
    expect(screen.getByText('Jamie Fox')).toBeInTheDocument();
    expect(screen.getByText('+$250.00')).toBeInTheDocument();
  });

  it('links a tile only to what the member may open', async () => {
    signedInServer(['tentpole:order.read', 'tentpole:reports.read']);
    renderApp('/');

    await waitFor(() => expect(tile('YTD Revenue')).toHaveTextContent('$12,345.50'));
    // Revenue needs reports.financial too; lead sources and the orders list do not. The cart
    // sessions need website.read.
    expect(within(tile('YTD Revenue')).queryByRole('link')).not.toBeInTheDocument();
    expect(within(tile('Cart Sessions')).queryByRole('link')).not.toBeInTheDocument();
    expect(
      within(tile('New Customers')).getByRole('link', { name: 'New Customers' }),
    ).toBeVisible();
    expect(
      within(tile('Orders This Week')).getByRole('link', { name: 'Orders This Week' }),
    ).toBeVisible();
  });

  it('shows 0 and 0% for a stat that fails to load, without an error', async () => {
    const { requests } = stubServer({
      'GET /api/auth/session': () => Response.json(signedInSession),
      'GET /api/account': () => Response.json(accountOverview),
      'GET /api/account/teams': () => Response.json(teamsResponse),
      ...dashboardRoutes,
      'GET /api/account/stats/cartSessions': () =>
        Response.json({ error: { code: 'internal', message: 'boom' } }, { status: 500 }),
    });
    renderApp('/');

    await waitFor(() => expect(tile('Cart Sessions')).toHaveTextContent('00% from last week'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The fallback is the answer: no retry.
    expect(requests.filter((r) => r.path === '/api/account/stats/cartSessions')).toHaveLength(1);
  });

  it('shows no recent sales, without an error, when they fail to load (spec §8)', async () => {
    const { requests } = signedInServer(signedInSession.user.roles, {
      'GET /api/account/stats/recentSales': () =>
        Response.json({ error: { code: 'internal', message: 'boom' } }, { status: 500 }),
    });
    renderApp('/');

    const recentSales = await screen.findByRole('region', { name: 'Recent Sales' });
    await waitFor(() => expect(recentSales).toHaveTextContent('No sales yet.'));
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/account/stats/recentSales')).toHaveLength(1);
  });

  it('shows the spinner from the start of a route change until it completes (spec §2 Shell)', async () => {
    let finishStats = () => {};
    const statsHeld = new Promise<void>((resolve) => {
      finishStats = resolve;
    });
    signedInServer(signedInSession.user.roles, {
      'GET /api/account/stats/cartSessions': async () => {
        await statsHeld;
        return Response.json({ current: 12, previous: 8 });
      },
    });
    const { router } = renderApp('/orders');
    const user = userEvent.setup();
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await screen.findByRole('heading', { name: 'Orders' });

    await user.click(within(nav).getByRole('link', { name: 'Home' }));

    const spinner = await screen.findByRole('status', { name: 'Loading' });
    // Visible at once: no delayed fade-in (a fade that starts at once is fine).
    expect(spinner.className).not.toMatch(/delay/);
    expect(router.state.status).toBe('pending');
    finishStats();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('names the product and the page in the document title', async () => {
    signedInServer();
    renderApp('/customers');

    expect(await screen.findByRole('heading', { name: 'Customers' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Customers · Tentpole'));
  });

  it('starts the breadcrumbs with Dashboard, then the pages on the way', async () => {
    signedInServer();
    renderApp('/orders/driver/calendar');

    const breadcrumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    await waitFor(() =>
      expect(
        within(breadcrumbs)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Dashboard', 'Orders', 'Delivery Manager']),
    );
    expect(within(breadcrumbs).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(within(breadcrumbs).getByRole('link', { name: 'Orders' })).toHaveAttribute(
      'href',
      '/orders',
    );
  });

  it('hides the Back Office group from a user granted none of it', async () => {
    signedInServer([
      'tentpole:phone.read',
      'tentpole:product.read',
      'tentpole:customer.read',
      'tentpole:coupons.read',
    ]);
    renderApp('/');

    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('heading', { name: 'Platform' })).toBeInTheDocument();
    expect(within(nav).queryByRole('heading', { name: 'Back Office' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Reach' })).toBeInTheDocument();
    // Phone info is not found (404): no phone service, so the plus action is inactive.
    await waitFor(() =>
      expect(within(nav).getByRole('button', { name: 'Outbound call' })).toBeDisabled(),
    );
  });

  it('shows only the granted Back Office items, and every Platform item', async () => {
    signedInServer(['tentpole:email.read', 'tentpole:account.read']);
    renderApp('/');

    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const backOffice = within(nav).getByRole('region', { name: 'Back Office' });
    expect(
      within(backOffice)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Emails', 'Settings']);
    // spec §6: only Back Office hides items; Platform's permissions are the pages' own.
    const platform = within(nav).getByRole('region', { name: 'Platform' });
    expect(
      within(platform)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Orders', 'Reach', 'Inventory', 'Customers', 'Coupons']);
  });

  it('takes a user to a Platform page they may not see, which says so', async () => {
    signedInServer(['tentpole:email.read']);
    renderApp('/');
    const user = userEvent.setup();

    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await user.click(within(nav).getByRole('link', { name: 'Coupons' }));

    expect(await screen.findByText('You do not have access to this page')).toBeInTheDocument();
  });

  it("keeps Reach's plus action inactive for a user without phone.read, even with phone service", async () => {
    signedInServer(['tentpole:customer.read'], phoneServiceRoutes);
    const { queryClient } = renderApp('/');

    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Reach' })).toBeInTheDocument();
    // The phone info is loaded (other parts of the shell read it) and says: service on.
    await waitFor(() =>
      expect(queryClient.getQueryData(['phone', 'info'])).toMatchObject({ enabled: true }),
    );
    expect(within(nav).getByRole('button', { name: 'Outbound call' })).toBeDisabled();
  });

  it("makes Reach's plus action active for a user with phone.read in an account with phone service", async () => {
    signedInServer(['tentpole:phone.read'], phoneServiceRoutes);
    renderApp('/');

    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() =>
      expect(within(nav).getByRole('button', { name: 'Outbound call' })).toBeEnabled(),
    );
  });

  it('opens a group on a route inside it; its parent navigates when elsewhere and toggles when there', async () => {
    signedInServer();
    const { router } = renderApp('/categories');
    const user = userEvent.setup();

    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const inventory = within(nav).getByRole('link', { name: 'Inventory' });
    expect(inventory).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Categories' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );

    await user.click(inventory);
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    expect(inventory).toHaveAttribute('aria-expanded', 'true');

    await user.click(inventory);
    expect(inventory).toHaveAttribute('aria-expanded', 'false');
    expect(router.state.location.pathname).toBe('/products');
    await user.click(inventory);
    expect(inventory).toHaveAttribute('aria-expanded', 'true');
  });

  it('navigates from a Settings tab to /account with Settings, and toggles it once there', async () => {
    signedInServer();
    const { router } = renderApp('/account?tab=billing');
    const user = userEvent.setup();

    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const settings = within(nav).getByRole('link', { name: 'Settings' });
    expect(settings).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Billing' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // On /account?tab=billing, Settings (/account) is not "already there": it navigates.
    await user.click(settings);
    await waitFor(() => expect(router.state.location.href).toBe('/account'));
    expect(settings).toHaveAttribute('aria-expanded', 'true');

    await user.click(settings);
    expect(settings).toHaveAttribute('aria-expanded', 'false');
    expect(router.state.location.href).toBe('/account');
  });

  it('logs out from the user menu and returns to /auth/login', async () => {
    const { requests } = signedInServer();
    const { router } = renderApp('/');

    const { user, menu } = await openUserMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.href).toBe('/auth/login'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    const signOut = requests.find((request) => request.path === '/api/auth/signout');
    // spec §7: form-encoded csrfToken, callbackUrl and json.
    expect(Object.fromEntries(signOut?.form ?? [])).toEqual({
      callbackUrl: '/auth/login',
      csrfToken: 'csrf-123',
      json: 'true',
    });
    expect(signOut?.headers.get('X-Auth-Return-Redirect')).toBe('1');
  });

  it('logs a sign-out request that fails to /api/auth/_log', async () => {
    const { requests } = signedInServer(signedInSession.user.roles, {
      'POST /api/auth/signout': () =>
        Response.json({ error: { code: 'internal', message: 'boom' } }, { status: 500 }),
    });
    renderApp('/');

    const { user, menu } = await openUserMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Log out' }));

    await waitFor(() =>
      expect(
        requests
          .filter((request) => request.path === '/api/auth/_log')
          .map((request) => Object.fromEntries(request.form)),
      ).toContainEqual({ level: 'error', code: 'CLIENT_SIGNOUT_ERROR', message: 'boom' }),
    );
  });

  it('goes to sign in when another tab signs out', async () => {
    const { signOutElsewhere } = signedInServer();
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Dashboard' });

    signOutElsewhere();
    // What the other tab's sign-out writes; a storage event only reaches the other tabs.
    window.dispatchEvent(new StorageEvent('storage', { key: 'tentpole.session', newValue: '2' }));

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.search).toEqual({ callbackUrl: '/' });
  });
});
