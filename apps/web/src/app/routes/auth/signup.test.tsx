import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubServer } from '@/test/fake-server';
import { accountOverview, dashboardRoutes, signedInSession, teamsResponse } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const origin = window.location.origin;
const newChecklist = {
  show: true,
  email: 'rosa@example.com',
  emailVerified: false,
  storeSlug: 'rosa-rentals',
  steps: [
    { step: 'products', done: true },
    { step: 'hours', done: false },
    { step: 'phone', done: false },
    { step: 'team', done: false },
    { step: 'store', done: false },
  ],
};

/** The server of a business signing up: sign-up answers `signUp`; sign-in then succeeds. */
function signUpServer(signUp: () => Response, checklist: unknown = newChecklist) {
  let signedIn = false;
  return stubServer({
    ...dashboardRoutes,
    'POST /api/signup': signUp,
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
    'GET /api/signup/checklist': () => Response.json(checklist),
    'POST /api/signup/verification/resend': () => Response.json({ sentTo: 'rosa@example.com' }),
  });
}

async function fillForm(email = 'Rosa@Example.com') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Your name'), 'Rosa Rentals');
  await user.type(screen.getByLabelText('Business name'), 'Rosa’s Rentals 🎈');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), 'bounce bounce 123');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  return user;
}

describe('signing up', () => {
  it('is linked from the sign-in page', async () => {
    signUpServer(() => Response.json({}));
    const { router } = renderApp('/auth/login');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Create an account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/signup'));
    expect(
      await screen.findByRole('heading', { name: 'Create your Tentpole account' }),
    ).toBeInTheDocument();
  });

  it('creates the account, signs in with the same credentials and lands on the checklist', async () => {
    const { requests } = signUpServer(() =>
      Response.json(
        { email: 'rosa@example.com', accountId: 'acct-9', slug: 'rosa-s-rentals' },
        { status: 201 },
      ),
    );
    const { router } = renderApp('/auth/signup');
    await fillForm();

    const checklist = await screen.findByRole('region', {
      name: 'Get ready for your first booking',
    });
    expect(router.state.location.pathname).toBe('/');
    expect(requests.find((r) => r.path === '/api/signup')?.json).toEqual({
      name: 'Rosa Rentals',
      businessName: 'Rosa’s Rentals 🎈',
      email: 'rosa@example.com',
      password: 'bounce bounce 123',
    });
    const callback = requests.find((r) => r.path === '/api/auth/callback/credentials');
    expect(callback?.form.get('email')).toBe('rosa@example.com');
    expect(callback?.form.get('password')).toBe('bounce bounce 123');

    expect(within(checklist).getByText('1 of 5 done.')).toBeInTheDocument();
    const items = within(checklist).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Add products (done)'),
      expect.stringContaining('Set your hours (to do)'),
      expect.stringContaining('Connect a phone number (to do)'),
      expect.stringContaining('Invite your team (to do)'),
      expect.stringContaining('Publish your store (to do)'),
    ]);
    // A done step has no action; the others lead to their screens.
    expect(within(checklist).queryByRole('link', { name: 'Add a product' })).toBeNull();
    expect(within(checklist).getByRole('link', { name: 'Set hours' })).toHaveAttribute(
      'href',
      '/schedule',
    );
    expect(within(checklist).getByRole('link', { name: 'Invite someone' })).toHaveAttribute(
      'href',
      '/staff',
    );
    expect(checklist).toHaveTextContent('It goes live at /s/rosa-rentals.');
    expect(checklist).toHaveTextContent('Confirm your e-mail: we sent a link to rosa@example.com.');
  });

  it('shows the server’s field errors beside their fields and does not sign in', async () => {
    const { requests } = signUpServer(() =>
      Response.json(
        {
          error: {
            code: 'conflict',
            message: 'There is already a Tentpole sign-in for this e-mail. Sign in instead.',
            fields: { email: ['There is already a Tentpole sign-in for this e-mail'] },
          },
        },
        { status: 409 },
      ),
    );
    const { router } = renderApp('/auth/signup');
    await fillForm('owner@tentpole.test');

    expect(
      await screen.findByText('There is already a Tentpole sign-in for this e-mail'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/auth/signup');
    expect(requests.some((r) => r.path === '/api/auth/callback/credentials')).toBe(false);
  });

  it('checks the form before sending it', async () => {
    const { requests } = signUpServer(() => Response.json({}));
    renderApp('/auth/signup');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Enter your name')).toBeInTheDocument();
    expect(screen.getByText('Enter the name of your business')).toBeInTheDocument();
    expect(screen.getByText('Use at least 8 characters')).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/signup')).toBe(false);
  });
});
