import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pending, stubServer } from '@/test/fake-server';
import { accountOverview, signedInSession, teamsResponse } from '@/test/fixtures';
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

describe('home page', () => {
  function signedInServer() {
    let signedIn = true;
    const server = stubServer({
      'GET /api/auth/csrf': () => Response.json({ csrfToken: 'csrf-123' }),
      'GET /api/auth/session': () => Response.json(signedIn ? signedInSession : null),
      'POST /api/auth/signout': () => {
        signedIn = false;
        return Response.json({ url: `${window.location.origin}/auth/login` });
      },
      'GET /api/account': () => Response.json(accountOverview),
      'GET /api/account/teams': () => Response.json(teamsResponse),
    });
    return {
      ...server,
      signOutElsewhere: () => {
        signedIn = false;
      },
    };
  }

  it('shows the signed-in user, the active account and its plan in title case', async () => {
    signedInServer();
    renderApp('/');

    expect(
      await screen.findByRole('heading', { name: 'Welcome back, Dana Rivera' }),
    ).toBeInTheDocument();
    expect(screen.getByText('dana@bouncebros.example')).toBeInTheDocument();
    // The active account is the one whose id is the session's accountId, not the first listed.
    expect(await screen.findByText('Bounce Bros Rentals')).toBeInTheDocument();
    expect(screen.queryByText('Party Palace')).not.toBeInTheDocument();
    expect(screen.getByText('Pro')).toBeInTheDocument();
  });

  it('logs out and returns to /auth/login', async () => {
    const { requests } = signedInServer();
    const { router } = renderApp('/');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.href).toBe('/auth/login'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    const signOut = requests.find((request) => request.path === '/api/auth/signout');
    expect(signOut?.form.get('csrfToken')).toBe('csrf-123');
    expect(signOut?.headers.get('X-Auth-Return-Redirect')).toBe('1');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('goes to sign in when another tab signs out', async () => {
    const { signOutElsewhere } = signedInServer();
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Welcome back, Dana Rivera' });

    signOutElsewhere();
    // What the other tab's sign-out writes; a storage event only reaches the other tabs.
    window.dispatchEvent(new StorageEvent('storage', { key: 'tentpole.session', newValue: '2' }));

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(router.state.location.search).toEqual({ callbackUrl: '/' });
  });
});
