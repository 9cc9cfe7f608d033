import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type FakeRequest, stubServer } from '@/test/fake-server';
import { accountOverview, dashboardRoutes, signedInSession, teamsResponse } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const origin = window.location.origin;

const credentialsProvider = {
  credentials: {
    id: 'credentials',
    name: 'Credentials',
    type: 'credentials',
    signinUrl: `${origin}/api/auth/signin/credentials`,
    callbackUrl: `${origin}/api/auth/callback/credentials`,
  },
};

/**
 * An auth server whose credentials callback answers with `answer`; signs in on success.
 * `providers` is its answer to GET providers.
 */
function authServer(
  answer: (request: FakeRequest) => Response,
  providers: Record<string, unknown> = credentialsProvider,
) {
  let signedIn = false;
  return stubServer({
    'GET /api/auth/csrf': () => Response.json({ csrfToken: 'csrf-123' }),
    'GET /api/auth/providers': () => Response.json(providers),
    'POST /api/auth/_log': () => new Response(null, { status: 200 }),
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

const logged = (requests: FakeRequest[]) =>
  requests
    .filter((request) => request.method === 'POST' && request.path === '/api/auth/_log')
    .map((request) => Object.fromEntries(request.form));

describe('sign-in page', () => {
  it("shows 'Invalid email or password.' when the server refuses the credentials", async () => {
    const { requests } = authServer(
      refusedWith(`${origin}/auth/login?error=CredentialsSignin&code=credentials`),
    );
    const { router } = renderApp('/auth/login');

    await signIn('dana@bouncebros.example', 'wrong');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/auth/login');
    // A refused password is an answer, not a fault: nothing goes to the client log.
    expect(logged(requests)).toEqual([]);
  });

  it('logs a sign-in request that fails to /api/auth/_log and shows the general message', async () => {
    const { requests } = authServer(() =>
      Response.json({ error: { code: 'internal', message: 'boom' } }, { status: 500 }),
    );
    renderApp('/auth/login');

    await signIn();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong while signing in. Please try again.',
    );
    expect(logged(requests)).toEqual([
      { level: 'error', code: 'CLIENT_SIGNIN_ERROR', message: 'boom' },
    ]);
  });

  it('asks for the providers first and does not post credentials the server does not offer', async () => {
    const { requests } = authServer(() => Response.json({ url: `${origin}/` }), {});
    renderApp('/auth/login');

    await signIn();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong while signing in. Please try again.',
    );
    expect(requests.some((request) => request.path === '/api/auth/callback/credentials')).toBe(
      false,
    );
    expect(logged(requests)).toEqual([
      {
        level: 'error',
        code: 'CLIENT_SIGNIN_ERROR',
        message: 'The auth server offers no credentials provider',
      },
    ]);
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
    // spec §7: GET providers first, then the form with csrfToken, callbackUrl and json.
    const paths = requests.map((request) => `${request.method} ${request.path}`);
    expect(paths.indexOf('GET /api/auth/providers')).toBeGreaterThanOrEqual(0);
    expect(paths.indexOf('GET /api/auth/providers')).toBeLessThan(
      paths.indexOf('POST /api/auth/callback/credentials'),
    );
    const callback = requests.find((request) => request.path === '/api/auth/callback/credentials');
    expect(callback?.headers.get('X-Auth-Return-Redirect')).toBe('1');
    expect(Object.fromEntries(callback?.form ?? [])).toEqual({
      email: 'dana@bouncebros.example',
      password: 'correct horse',
      callbackUrl: '/orders/calendar?view=week',
      csrfToken: 'csrf-123',
      json: 'true',
    });
    expect(logged(requests)).toEqual([]);
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
