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

describe('the first-run checklist', () => {
  it('sends the link again, publishes the store and is dismissed', async () => {
    let checklist = newChecklist;
    const { requests } = stubServer({
      ...dashboardRoutes,
      'GET /api/auth/session': () => Response.json(signedInSession),
      'GET /api/account': () => Response.json(accountOverview),
      'GET /api/account/teams': () => Response.json(teamsResponse),
      'GET /api/signup/checklist': () => Response.json(checklist),
      'POST /api/signup/verification/resend': () => Response.json({ sentTo: 'rosa@example.com' }),
      'PUT /api/store/settings': () => {
        checklist = {
          ...checklist,
          steps: checklist.steps.map((s) => (s.step === 'store' ? { ...s, done: true } : s)),
        };
        return Response.json({
          slug: 'rosa-rentals',
          holdMinutes: 30,
          colour: '#4f46e5',
          font: 'modern',
          checkoutMode: 'both',
          url: `${origin}/s/rosa-rentals`,
        });
      },
      'POST /api/signup/checklist/dismiss': () => {
        checklist = { ...checklist, show: false };
        return Response.json(checklist);
      },
    });
    renderApp('/');
    const user = userEvent.setup();
    const region = await screen.findByRole('region', { name: 'Get ready for your first booking' });

    await user.click(within(region).getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('We sent a new link to rosa@example.com.')).toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Publish the store' }));
    expect(await within(region).findByText('2 of 5 done.')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.json).toEqual({
      slug: 'rosa-rentals',
      holdMinutes: 30,
    });
    expect(within(region).getByRole('link', { name: 'Open your store' })).toHaveAttribute(
      'href',
      '/s/rosa-rentals',
    );

    await user.click(within(region).getByRole('button', { name: 'Dismiss the checklist' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Get ready for your first booking' }),
      ).not.toBeInTheDocument(),
    );
  });
});

describe('the e-mail confirmation page', () => {
  const token = 'a'.repeat(43);

  it('uses the link once as it opens and offers sign-in when signed out', async () => {
    const { requests } = stubServer({
      'GET /api/auth/session': () => Response.json(null),
      'POST /api/signup/verify': () => Response.json({ email: 'rosa@example.com' }),
    });
    renderApp(`/verify-email/${token}`);
    expect(await screen.findByText('rosa@example.com is confirmed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
    const posts = requests.filter((r) => r.path === '/api/signup/verify');
    expect(posts.map((r) => r.json)).toEqual([{ token }]);
  });

  it('says a used or expired link no longer works', async () => {
    stubServer({
      'GET /api/auth/session': () => Response.json(signedInSession),
      'POST /api/signup/verify': () =>
        Response.json(
          { error: { code: 'not_found', message: 'This link is no longer valid.' } },
          { status: 404 },
        ),
    });
    renderApp(`/verify-email/${token}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is no longer valid.');
    expect(screen.getByRole('link', { name: 'Go to your checklist' })).toHaveAttribute('href', '/');
  });
});
