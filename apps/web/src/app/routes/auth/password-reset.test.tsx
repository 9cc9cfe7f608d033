import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubServer } from '@/test/fake-server';
import { accountOverview, dashboardRoutes, signedInSession, teamsResponse } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const origin = window.location.origin;
const TOKEN = 'A'.repeat(43);
const SENT = 'If that address has a Tentpole sign-in, a link to reset its password is on its way.';
const GONE = 'This reset link no longer works. Ask for a new one.';

/** The server of a user resetting their password; sign-in then succeeds. */
function resetServer(routes: Record<string, () => Response>) {
  let signedIn = false;
  return stubServer({
    ...dashboardRoutes,
    'GET /api/auth/csrf': () => Response.json({ csrfToken: 'csrf-123' }),
    'GET /api/auth/providers': () =>
      Response.json({ credentials: { id: 'credentials', type: 'credentials' } }),
    'GET /api/auth/session': () => Response.json(signedIn ? signedInSession : null),
    'POST /api/auth/callback/credentials': () => {
      signedIn = true;
      return Response.json({ url: `${origin}/` });
    },
    'GET /api/account': () => Response.json(accountOverview),
    'GET /api/account/teams': () => Response.json(teamsResponse),
    ...routes,
  });
}

describe('forgot password', () => {
  it('is linked from the sign-in page', async () => {
    resetServer({});
    const { router } = renderApp('/auth/login');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/forgot-password'));
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
  });

  it('asks for a link and shows the same confirmation, focused', async () => {
    const { requests } = resetServer({
      'POST /api/password-reset': () => Response.json({ message: SENT }, { status: 202 }),
    });
    renderApp('/auth/forgot-password');
    const user = userEvent.setup();
    const email = await screen.findByLabelText('Email');
    expect(email).toHaveFocus();
    await user.type(email, 'Rosa@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(SENT);
    expect(status).toHaveFocus();
    expect(requests.find((r) => r.path === '/api/password-reset')?.json).toEqual({
      email: 'rosa@example.com',
    });
  });

  it('says beside the field what is wrong with the address, and sends nothing', async () => {
    const { requests } = resetServer({});
    renderApp('/auth/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAccessibleDescription(/Enter a valid e-mail address/));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(requests.some((r) => r.path === '/api/password-reset')).toBe(false);
  });

  it('shows the limit when the server refuses more requests', async () => {
    resetServer({
      'POST /api/password-reset': () =>
        Response.json(
          {
            error: {
              code: 'rate_limited',
              message:
                'Too many reset requests for this e-mail. Check your inbox, or try again in a few minutes.',
            },
          },
          { status: 429 },
        ),
    });
    renderApp('/auth/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'rosa@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Too many reset requests/);
  });
});

describe('choosing a new password from the link', () => {
  it('sets the password, signs in with it and lands in the back office', async () => {
    const { requests } = resetServer({
      'POST /api/password-reset/confirm': () => Response.json({ email: 'rosa@example.com' }),
    });
    const { router } = renderApp(`/auth/reset-password/${TOKEN}`);
    const user = userEvent.setup();
    const password = await screen.findByLabelText('New password');
    expect(password).toHaveFocus();
    await user.type(password, 'castle castle 456');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requests.find((r) => r.path === '/api/password-reset/confirm')?.json).toEqual({
      token: TOKEN,
      password: 'castle castle 456',
    });
    const callback = requests.find((r) => r.path === '/api/auth/callback/credentials');
    expect(callback?.form.get('email')).toBe('rosa@example.com');
    expect(callback?.form.get('password')).toBe('castle castle 456');
  });

  it('refuses a short password beside the field without asking the server', async () => {
    const { requests } = resetServer({});
    renderApp(`/auth/reset-password/${TOKEN}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    const password = screen.getByLabelText('New password');
    await waitFor(() => expect(password).toHaveAccessibleDescription(/Use at least 8 characters/));
    expect(requests.some((r) => r.path === '/api/password-reset/confirm')).toBe(false);
  });

  it('says when the link no longer works and offers a new one', async () => {
    resetServer({
      'POST /api/password-reset/confirm': () =>
        Response.json(
          { error: { code: 'bad_request', message: GONE, fields: { token: [GONE] } } },
          { status: 400 },
        ),
    });
    renderApp(`/auth/reset-password/${TOKEN}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'castle castle 456');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This reset link no longer works.');
    expect(alert).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
  });
});
