import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeRequest, stubServer } from '@/test/fake-server';
import { accountOverview, dashboardRoutes, signedInSession, teamsResponse } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const origin = window.location.origin;

/** An auth server whose credentials callback answers with `answer`; signs in on success. */
function authServer(answer: (request: FakeRequest) => Response) {
  let signedIn = false;
  return stubServer({
    'GET /api/auth/csrf': () => Response.json({ csrfToken: 'csrf-123' }),
    'GET /api/auth/session': () => Response.json(signedIn ? signedInSession : null),
    'POST /api/auth/callback/credentials': (request) => {
      const response = answer(request);
      signedIn = response.ok && !response.headers.has('x-test-refused');
      return response;
    },
    'GET /api/account': () => Response.json(accountOverview),
    'GET /api/account/teams': () => Response.json(teamsResponse),
    ...dashboardRoutes,
  });
}

function refusedWith(url: string) {
  return () => Response.json({ url }, { headers: { 'x-test-refused': '1' } });
}

async function signIn(email = 'dana@bouncebros.example', password = 'correct horse') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in page', () => {
  it("shows 'Invalid email or password.' when the server refuses the credentials", async () => {
    authServer(refusedWith(`${origin}/auth/login?error=CredentialsSignin&code=credentials`));
    const { router } = renderApp('/auth/login');

    await signIn('dana@bouncebros.example', 'wrong');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it.each([
    [
      'an HTTP 429',
      () =>
        Response.json({ error: { code: 'rate_limited', message: 'Slow down' } }, { status: 429 }),
    ],
    ['error=RateLimited in the answer url', refusedWith(`${origin}/auth/login?error=RateLimited`)],
    [
      'a rate_limited code in the answer url',
      refusedWith(`${origin}/auth/login?error=CredentialsSignin&code=rate_limited`),
    ],
  ])('shows the rate-limit message for %s', async (_, answer) => {
    authServer(answer);
    renderApp('/auth/login');

    await signIn();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts. Try again in a few minutes.',
    );
  });

  it('posts the credentials to Auth.js and then goes to the callbackUrl', async () => {
    const { requests } = authServer(() => Response.json({ url: `${origin}/orders/calendar` }));
    const { router } = renderApp(
      `/auth/login?callbackUrl=${encodeURIComponent('/orders/calendar?view=week')}`,
    );

    await signIn('dana@bouncebros.example', 'correct horse');

    await waitFor(() => expect(router.state.location.href).toBe('/orders/calendar?view=week'));
    const callback = requests.find((request) => request.path === '/api/auth/callback/credentials');
    expect(callback?.headers.get('X-Auth-Return-Redirect')).toBe('1');
    expect(Object.fromEntries(callback?.form ?? [])).toEqual({
      email: 'dana@bouncebros.example',
      password: 'correct horse',
      callbackUrl: '/orders/calendar?view=week',
      csrfToken: 'csrf-123',
    });
  });

  it('goes home instead of to a callbackUrl on another site', async () => {
    authServer(() => Response.json({ url: `${origin}/` }));
    const { router } = renderApp(
      `/auth/login?callbackUrl=${encodeURIComponent('https://evil.example/steal')}`,
    );

    await signIn();

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.href).toBe('/');
  });

  it('shows the error the auth server put on the url, such as SessionRequired', async () => {
    authServer(() => Response.json({ url: `${origin}/` }));
    renderApp('/auth/login?error=SessionRequired&callbackUrl=%2F');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please sign in to access this page.',
    );
  });
});
