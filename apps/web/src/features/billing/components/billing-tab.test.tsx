import {
  type BillingOverview,
  COUNTED_RESOURCES,
  PLAN_TABLE,
  PLAN_TIERS,
  planTitle,
} from '@tentpole/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '@/test/fake-server';
import { accountOverview, dashboardRoutes, signedInSession, teamsResponse } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const PAGE_LOAD = { timeout: 5_000 };

function overview(patch: Partial<BillingOverview> = {}): BillingOverview {
  return {
    plan: { level: 'free', tier: 'free', title: 'Free' },
    trialEndDate: '2026-12-12',
    readOnly: false,
    subscription: null,
    paymentMethod: null,
    usage: COUNTED_RESOURCES.map((resource) => ({
      resource,
      used: resource === 'vehicles' ? 1 : 0,
      limit: PLAN_TABLE.free.limits[resource],
    })),
    plans: PLAN_TIERS.map((tier) => ({
      tier,
      title: planTitle(tier),
      priceCents: PLAN_TABLE[tier].priceCents,
      limits: { ...PLAN_TABLE[tier].limits },
      features: { ...PLAN_TABLE[tier].features },
    })),
    invoices: [],
    invoicesAvailable: true,
    cardPayments: true,
    ...patch,
  };
}

function server(billing: BillingOverview, routes: Parameters<typeof stubServer>[0] = {}) {
  return stubServer({
    'GET /api/auth/session': () =>
      Response.json({ ...signedInSession, user: { ...signedInSession.user, planLevel: 'free' } }),
    'GET /api/account': () => Response.json(accountOverview),
    'GET /api/account/teams': () => Response.json(teamsResponse),
    ...dashboardRoutes,
    'GET /api/billing': () => Response.json(billing),
    ...routes,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Settings → Billing (§13)', { timeout: 15_000 }, () => {
  it('shows the plan in title case, usage against its limits, and no card yet', async () => {
    server(overview());
    renderApp('/account?tab=billing');
    const plan = await screen.findByRole('region', { name: 'Plan' }, PAGE_LOAD);
    expect(within(plan).getByText('Free')).toBeInTheDocument();
    expect(within(plan).getByText('Free trial until December 12, 2026.')).toBeInTheDocument();
    const usage = screen.getByRole('region', { name: 'Usage' });
    // The free plan's one vehicle is used: its meter is full.
    const vehicles = within(usage).getByRole('meter', { name: 'Vehicles' });
    expect(vehicles).toHaveAttribute('max', String(PLAN_TABLE.free.limits.vehicles));
    expect(vehicles).toHaveAttribute('value', '1');
    expect(within(usage).getAllByText('Not included')).toHaveLength(2);
    expect(screen.getByText('No payment method on file.')).toBeInTheDocument();
    expect(screen.getByText('No invoices yet.')).toBeInTheDocument();
  });

  it('goes to Checkout in subscription mode for an upgrade without a subscription', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { requests } = server(overview(), {
      'POST /api/billing/checkout': () =>
        Response.json({ url: 'http://localhost/sandbox/payments/pay/cs_test_x' }, { status: 201 }),
    });
    const user = userEvent.setup();
    renderApp('/account?tab=billing');
    const plans = await screen.findByRole('region', { name: 'Plans' }, PAGE_LOAD);
    await user.click(within(plans).getByRole('button', { name: 'Upgrade to Core' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/payments/pay/cs_test_x'),
    );
    expect(requests.find((r) => r.path === '/api/billing/checkout')?.json).toEqual({
      purpose: 'plan',
      tier: 'core',
    });
  });

  it('changes a running subscription on the card and shows a refused downgrade’s reason', async () => {
    const core = overview({
      plan: { level: 'core', tier: 'core', title: 'Core' },
      trialEndDate: null,
      subscription: {
        status: 'active',
        currentPeriodEnd: '2026-12-28T00:00:00.000Z',
        scheduledTier: null,
      },
      paymentMethod: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
    });
    const { requests } = server(core, {
      'PUT /api/billing/plan': () =>
        Response.json(
          {
            error: {
              code: 'conflict',
              message:
                'The Free plan allows fewer than this account uses: 2 vehicles, 1 allowed. Remove some first.',
            },
          },
          { status: 409 },
        ),
    });
    const user = userEvent.setup();
    renderApp('/account?tab=billing');
    const plans = await screen.findByRole('region', { name: 'Plans' }, PAGE_LOAD);
    expect(screen.getByText(/ending in 4242, expires 12\/2034/)).toBeInTheDocument();
    await user.click(within(plans).getByRole('button', { name: 'Downgrade to Free' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The Free plan allows fewer than this account uses: 2 vehicles, 1 allowed. Remove some first.',
    );
    expect(requests.filter((r) => r.path === '/api/billing/plan').map((r) => r.json)).toEqual([
      { tier: 'free' },
    ]);
  });

  it('confirms the return from Checkout at once and says so', async () => {
    const saved = overview({
      trialEndDate: null,
      paymentMethod: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
    });
    const { requests } = server(overview(), {
      'POST /api/billing/confirm': () => Response.json(saved),
    });
    const { router } = renderApp('/account?tab=billing&checkout=cs_test_abcdefghijklmnop');
    expect(
      await screen.findByText('Your payment method is saved. Thank you!', {}, PAGE_LOAD),
    ).toHaveAttribute('role', 'status');
    expect(requests.filter((r) => r.path === '/api/billing/confirm').map((r) => r.json)).toEqual([
      { sessionId: 'cs_test_abcdefghijklmnop' },
    ]);
    // The address drops the session id once it is confirmed.
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'billing' }));
  });
});
