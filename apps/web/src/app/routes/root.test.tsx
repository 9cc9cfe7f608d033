import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pending, stubServer } from '@/test/fake-server';
import { accountOverview, dashboardRoutes, signedInSession, teamsResponse } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

describe('route guard', () => {
  it('sends a signed-out visitor to /auth/login with the page they wanted as callbackUrl', async () => {
    stubServer({ 'GET /api/auth/session': () => Response.json(null) });
    const { router } = renderApp('/orders?status=open');

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.search).toEqual({ callbackUrl: '/orders?status=open' });
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

describe('app shell and dashboard', () => {
  function signedInServer(roles: string[] = signedInSession.user.roles) {
    let signedIn = true;
    const session = { ...signedInSession, user: { ...signedInSession.user, roles } };
    const server = stubServer({
      'GET /api/auth/csrf': () => Response.json({ csrfToken: 'csrf-123' }),
      'GET /api/auth/session': () => Response.json(signedIn ? session : null),
      'POST /api/auth/signout': () => {
        signedIn = false;
        return Response.json({ url: `${window.location.origin}/auth/login` });
      },
      'GET /api/account': () => Response.json(accountOverview),
      'GET /api/account/teams': () => Response.json(teamsResponse),
      ...dashboardRoutes,
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
    expect(tile('YTD Revenue')).toHaveTextContent('$12,345.50+23.46%');
    expect(screen.getByTestId('total')).toHaveTextContent('$1,500.50');
    expect(screen.getByText('Jamie Fox')).toBeInTheDocument();
    expect(screen.getByText('+$250.00')).toBeInTheDocument();
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

  it('shows only the granted Back Office items', async () => {
    signedInServer(['tentpole:email.read', 'tentpole:account.read']);
    renderApp('/');

    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const backOffice = within(nav).getByRole('region', { name: 'Back Office' });
    expect(
      within(backOffice)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Emails', 'Settings']);
    // Platform items need their permission too; Orders needs none.
    expect(within(nav).getByRole('link', { name: 'Orders' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Customers' })).not.toBeInTheDocument();
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

  it('logs out from the user menu and returns to /auth/login', async () => {
    const { requests } = signedInServer();
    const { router } = renderApp('/');

    const { user, menu } = await openUserMenu();
    await user.click(within(menu).getByRole('menuitem', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.href).toBe('/auth/login'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    const signOut = requests.find((request) => request.path === '/api/auth/signout');
    expect(signOut?.form.get('csrfToken')).toBe('csrf-123');
    expect(signOut?.headers.get('X-Auth-Return-Redirect')).toBe('1');
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
