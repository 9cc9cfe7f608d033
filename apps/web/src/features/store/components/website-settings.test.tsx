import {
  type AccountSettings,
  DEFAULT_DELIVERY_SETTINGS,
  DEFAULT_SCHEDULE,
  type StoreDomain,
  type StoreSettingsResponse,
} from '@tentpole/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '@/test/fake-server';
import { accountOverview, dashboardRoutes, signedInSession, teamsResponse } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

// Settings → Website Settings (back-office spec §10, decision 0068).

const PAGE_LOAD = { timeout: 5_000 };

const store: StoreSettingsResponse = {
  slug: 'bounce-bros',
  holdMinutes: 30,
  colour: '#4f46e5',
  font: 'modern',
  checkoutMode: 'both',
  url: 'http://localhost:3000/s/bounce-bros',
};

const accountSettings: AccountSettings = {
  name: 'Bounce Bros Rentals',
  timezone: 'America/Chicago',
  currency: 'USD',
  locale: 'en-US',
  business: { legalName: '', address: '', phone: '', email: '', website: '' },
  orders: {
    taxRateBps: 0,
    taxDeliveryFees: false,
    taxSurfaceFees: true,
    taxDamageWaiver: true,
    damageWaiver: { mode: 'off', percentBps: 1_000 },
    deposit: { mode: 'percent', percentBps: 2_500, minimum: 5_000 },
  },
  documents: { terms: '', contractClauses: '', invoiceDueDays: 7, numberPrefix: 'INV-' },
};

const pending: StoreDomain = {
  domain: 'rentals.bouncebros.example',
  status: 'pending',
  cnameTarget: 'app.tentpole.example',
  txtName: '_tentpole.rentals.bouncebros.example',
  txtValue: 'tentpole-verify-0123456789abcdef0123456789abcdef',
  verifiedAt: null,
};

type Routes = Parameters<typeof stubServer>[0];

function server(
  {
    settings = store,
    domain = null,
    roles = signedInSession.user.roles,
    planLevel = 'pro',
  }: {
    settings?: StoreSettingsResponse | null;
    domain?: StoreDomain | null;
    roles?: string[];
    planLevel?: string;
  } = {},
  routes: Routes = {},
) {
  const session = { ...signedInSession, user: { ...signedInSession.user, roles, planLevel } };
  return stubServer({
    'GET /api/auth/session': () => Response.json(session),
    'GET /api/account': () => Response.json(accountOverview),
    'GET /api/account/teams': () => Response.json(teamsResponse),
    ...dashboardRoutes,
    'GET /api/store/settings': () => Response.json(settings),
    'GET /api/store/domain': () => Response.json({ domain }),
    'GET /api/schedule': () =>
      Response.json({
        ...DEFAULT_SCHEDULE,
        bookingRules: { minNoticeHours: 48, maxAdvanceDays: 365, maxDeliveriesPerDay: null },
        timeZone: 'America/Chicago',
        updatedAt: null,
      }),
    'GET /api/delivery/settings': () =>
      Response.json({ settings: { ...DEFAULT_DELIVERY_SETTINGS, serviceRadiusMiles: 40 } }),
    'GET /api/account/settings': () => Response.json(accountSettings),
    ...routes,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Settings → Website Settings', { timeout: 20_000 }, () => {
  it('shows the store’s address, look and rules, and saves font, colour and checkout mode', async () => {
    const { requests } = server(
      {},
      {
        'PUT /api/store/settings': ({ json }) =>
          Response.json({ ...store, ...(json as object), url: store.url }),
      },
    );
    const user = userEvent.setup();
    renderApp('/account?tab=website');
    const address = await screen.findByLabelText('Address', {}, PAGE_LOAD);
    expect(address).toHaveValue('bounce-bros');
    expect(screen.getByRole('link', { name: /View store/ })).toHaveAttribute('href', store.url);
    // The rules set elsewhere, read-only with where to change them.
    expect(await screen.findByText('Bookings at least 48 hours ahead.')).toBeInTheDocument();
    expect(screen.getByText('Up to 365 days ahead.')).toBeInTheDocument();
    expect(screen.getByText(/Within 40 miles of your depots/)).toBeInTheDocument();
    expect(
      screen.getByText('25% of the order total to book, at least $50.00.'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Change in Schedule' })[0]).toHaveAttribute(
      'href',
      '/schedule',
    );

    await user.selectOptions(screen.getByLabelText('Font'), 'classic');
    const hex = screen.getByRole('textbox', { name: 'Accent colour' });
    await user.clear(hex);
    await user.type(hex, '#FDE047');
    await user.click(screen.getByRole('radio', { name: 'Quote requests only' }));
    await user.click(screen.getByRole('button', { name: 'Save website settings' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.json).toEqual({
        slug: 'bounce-bros',
        holdMinutes: 30,
        colour: '#fde047',
        font: 'classic',
        checkoutMode: 'quote',
      }),
    );
  });

  it('refuses a colour no text reads on before saving, and puts the server’s errors on their fields', async () => {
    const { requests } = server(
      {},
      {
        'PUT /api/store/settings': () =>
          Response.json(
            {
              error: {
                code: 'validation_failed',
                message: 'Some fields are not valid.',
                fields: { slug: ['Another store has this address'] },
              },
            },
            { status: 400 },
          ),
      },
    );
    const user = userEvent.setup();
    renderApp('/account?tab=website');
    const hex = await screen.findByRole('textbox', { name: 'Accent colour' }, PAGE_LOAD);
    await user.clear(hex);
    await user.type(hex, '#808080');
    expect(screen.getByText(/hard to read with white or black/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save website settings' }));
    expect(await screen.findByText(/choose a darker or a lighter one/)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.clear(hex);
    await user.type(hex, '#1e3a8a');
    await user.click(screen.getByRole('button', { name: 'Save website settings' }));
    expect(await screen.findByText('Another store has this address')).toBeInTheDocument();
    expect(screen.getByLabelText('Address')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sets up a store that has none: saving puts it online', async () => {
    const { requests } = server(
      { settings: null },
      {
        'PUT /api/store/settings': ({ json }) => Response.json({ ...store, ...(json as object) }),
      },
    );
    const user = userEvent.setup();
    renderApp('/account?tab=website');
    expect(
      await screen.findByText(/Your store is not set up yet/, {}, PAGE_LOAD),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Save the store’s address above first; the embed code/),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Address'), 'bounce-bros');
    await user.click(screen.getByRole('button', { name: 'Save and put the store online' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.json).toMatchObject({
        slug: 'bounce-bros',
        checkoutMode: 'both',
        font: 'modern',
      }),
    );
  });

  it('gives the embed line to copy', async () => {
    server();
    const user = userEvent.setup();
    renderApp('/account?tab=website');
    const line = await screen.findByLabelText('Embed code', {}, PAGE_LOAD);
    const expected = `<script src="${window.location.origin}/s/bounce-bros/embed.js" async></script>`;
    expect(line).toHaveValue(expected);
    expect(line).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Copy Embed code' }));
    // user-event's clipboard stands in for the browser's.
    expect(await window.navigator.clipboard.readText()).toBe(expected);
    expect(await screen.findByText('Embed code copied')).toBeInTheDocument();
  });

  it('shows a pending domain’s two DNS records and checks DNS', async () => {
    server(
      { domain: pending },
      {
        'POST /api/store/domain/verify': () =>
          Response.json({
            domain: pending,
            message:
              'We could not find the TXT record _tentpole.rentals.bouncebros.example yet. DNS changes can take up to an hour to be seen.',
          }),
      },
    );
    const user = userEvent.setup();
    renderApp('/account?tab=website');
    expect(await screen.findByText('Pending', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.getByLabelText('CNAME points to')).toHaveValue('app.tentpole.example');
    expect(screen.getByLabelText('TXT name')).toHaveValue('_tentpole.rentals.bouncebros.example');
    expect(screen.getByLabelText('TXT value')).toHaveValue(pending.txtValue);
    await user.click(screen.getByRole('button', { name: 'Check DNS' }));
    expect(
      await screen.findByText(/could not find the TXT record _tentpole.rentals.bouncebros.example/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove domain' })).toBeInTheDocument();
  });

  it('adds a domain, with the server’s field error on it', async () => {
    server(
      {},
      {
        'PUT /api/store/domain': () =>
          Response.json(
            {
              error: {
                code: 'validation_failed',
                message: 'Some fields are not valid.',
                fields: { domain: ['Another store uses this domain'] },
              },
            },
            { status: 400 },
          ),
      },
    );
    const user = userEvent.setup();
    renderApp('/account?tab=website');
    const field = await screen.findByLabelText('Domain', {}, PAGE_LOAD);
    await user.type(field, 'https://rentals.example.com');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(
      await screen.findByText(/Enter only the domain, without https:\/\//),
    ).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'rentals.example.com');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('Another store uses this domain')).toBeInTheDocument();
  });

  it('suggests the upgrade on a plan without custom domains', async () => {
    server({ planLevel: 'lite' });
    renderApp('/account?tab=website');
    expect(
      await screen.findByText('A custom domain is not included in the Lite plan.', {}, PAGE_LOAD),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to Core' })).toHaveAttribute(
      'href',
      '/account?tab=billing',
    );
    expect(screen.queryByLabelText('Domain')).not.toBeInTheDocument();
  });

  it('is read-only without website.write', async () => {
    server({ roles: ['tentpole:website.read', 'tentpole:account.read'] });
    renderApp('/account?tab=website');
    const form = await screen.findByRole('form', { name: 'Website settings' }, PAGE_LOAD);
    expect(within(form).getByLabelText('Address')).toBeDisabled();
    expect(within(form).getByLabelText('Font')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save website settings' })).not.toBeInTheDocument();
    expect(
      screen.getByText(/changing them needs permission to build and publish/),
    ).toBeInTheDocument();
  });
});
