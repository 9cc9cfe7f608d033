import type { Session } from '@/features/auth/api/get-session';

export const signedInSession: Session = {
  user: {
    id: 'user-1',
    name: 'Dana Rivera',
    email: 'dana@bouncebros.example',
    accountId: 'acct-2',
    planLevel: 'pro',
    roles: ['tentpole:*'],
    trialEndDate: null,
  },
  expires: '2099-01-01T00:00:00.000Z',
};

export const teamsResponse = {
  organizations: {
    owner: [{ id: 'acct-1', name: 'Party Palace', logo: null, plan: 'core' }],
    member: [{ id: 'acct-2', name: 'Bounce Bros Rentals', logo: null, plan: 'pro' }],
  },
};

export const accountOverview = { settings: {}, plan: { level: 'pro' } };

const lastSevenDays = {
  from: '2026-11-14',
  to: '2026-11-20',
  start: '2026-11-14T06:00:00.000Z',
  end: '2026-11-21T06:00:00.000Z',
};
export const statResponses = {
  cartSessions: { current: 12, previous: 8, ...lastSevenDays },
  newCustomers: { current: 3, previous: 0, ...lastSevenDays },
  orders: {
    current: 7,
    previous: 7,
    from: '2026-11-16',
    to: '2026-11-22',
    start: '2026-11-16T06:00:00.000Z',
    end: '2026-11-23T06:00:00.000Z',
  },
  ytdRevenue: {
    current: 1_234_550,
    previous: 1_000_000,
    from: '2026-01-01',
    to: '2026-11-20',
    start: '2026-01-01T06:00:00.000Z',
    end: '2026-11-21T06:00:00.000Z',
    basis: 'accrual',
  },
};

export const recentSalesResponse = [
  {
    id: 'pay-1',
    orderId: 'order-1',
    orderNumber: 1042,
    customerId: 'cust-1',
    customerName: 'Jamie Fox',
    customerEmail: 'jamie@example.com',
    amountCents: 25_000,
    paidAt: '2026-11-19T15:30:00.000Z',
  },
];

export const salesOverviewResponse = {
  payments: [
    { month: '2026-10', amountCents: 100_000 },
    { month: '2026-11', amountCents: 50_050 },
  ],
  totalAmount: 150_050,
};

/** The fake server's answers for the dashboard's figures and the phone info (not set up). */
export const dashboardRoutes = {
  'GET /api/account/stats/cartSessions': () => Response.json(statResponses.cartSessions),
  'GET /api/account/stats/newCustomers': () => Response.json(statResponses.newCustomers),
  'GET /api/account/stats/orders': () => Response.json(statResponses.orders),
  'GET /api/account/stats/ytdRevenue': () => Response.json(statResponses.ytdRevenue),
  'GET /api/account/stats/recentSales': () => Response.json(recentSalesResponse),
  'GET /api/account/stats/sales': () => Response.json(salesOverviewResponse),
  'GET /api/phone/': () =>
    Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 }),
  // An account that did not sign up (the demo's): no first-run checklist.
  'GET /api/signup/checklist': () =>
    Response.json({
      show: false,
      email: 'dana@bouncebros.example',
      emailVerified: true,
      storeSlug: null,
      steps: [],
    }),
};

/**
 * The fake server's answers every signed-in screen asks for: the session (with `roles`), the
 * account and its teams, and the dashboard's figures.
 */
export function signedInShellRoutes(roles: readonly string[] = signedInSession.user.roles) {
  const session = { ...signedInSession, user: { ...signedInSession.user, roles: [...roles] } };
  return {
    'GET /api/auth/session': () => Response.json(session),
    'GET /api/account': () => Response.json(accountOverview),
    'GET /api/account/teams': () => Response.json(teamsResponse),
    ...dashboardRoutes,
  };
}

/** The fake server's product list (`GET /api/products`): every product, on the page asked for. */
export function productListRoute(products: readonly unknown[]) {
  return {
    'GET /api/products': ({ search }: { search: URLSearchParams }) =>
      Response.json({
        products,
        total: products.length,
        page: Number(search.get('page')),
        pageSize: Number(search.get('pageSize')),
      }),
  };
}
