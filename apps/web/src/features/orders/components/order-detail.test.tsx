import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubServer } from '@/test/fake-server';
import { accountOverview, dashboardRoutes, signedInSession, teamsResponse } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const PAGE_LOAD = { timeout: 5_000 };
const APP_TEST = { timeout: 15_000 };

const order = {
  id: 'o1',
  number: 1042,
  status: 'quote',
  customer: { id: 'c1', name: 'Rosa Diaz' },
  eventStart: '2027-06-12T15:00:00Z',
  eventEnd: '2027-06-12T23:00:00Z',
  fulfilment: 'delivery',
  address: null,
  surfaceId: null,
  deliveryWindow: null,
  pickupWindow: null,
  holdExpiresAt: null,
  damageWaiver: false,
  taxExempt: false,
  lines: [
    {
      id: 'l1',
      kind: 'product',
      productId: 'p1',
      description: 'Castle Bounce House',
      quantity: 1,
      unitAmount: 30_000,
      amount: 30_000,
      explanation: '1 day: 24 h tier',
      reservedFrom: null,
      reservedUntil: null,
      parentLineId: null,
    },
  ],
  totals: {
    rentalSubtotal: 30_000,
    fees: 0,
    damageWaiver: 0,
    discounts: 0,
    taxableBase: 30_000,
    tax: 0,
    total: 30_000,
    depositDue: 7_500,
    securityDeposit: 0,
    paid: 10_000,
    refunded: 0,
    balance: 20_000,
    paymentStatus: 'deposit_paid',
  },
  paymentStatus: 'deposit_paid',
  notes: { internal: null, customer: null },
  tags: [],
  referralSource: null,
  createdAt: '2026-11-01T12:00:00Z',
};

const call = (id: string, startedAt: string, missed = false) => ({
  id,
  direction: 'inbound',
  via: 'browser',
  from: '+15125550100',
  to: '+15125550199',
  counterpartNumber: '+15125550100',
  status: missed ? 'no-answer' : 'completed',
  missed,
  startedAt,
  durationSeconds: missed ? null : 180,
  customer: { id: 'c1', firstName: 'Rosa', lastName: 'Diaz' },
  answeredBy: null,
  placedBy: null,
  voicemail: null,
});

function orderServer(
  roles: string[] = signedInSession.user.roles,
  extra: Parameters<typeof stubServer>[0] = {},
) {
  return stubServer({
    'GET /api/account': () => Response.json(accountOverview),
    ...extra,
    'GET /api/auth/session': () =>
      Response.json({ ...signedInSession, user: { ...signedInSession.user, roles } }),
    'GET /api/account/teams': () => Response.json(teamsResponse),
    ...dashboardRoutes,
    'GET /api/orders/o1': () => Response.json({ order }),
    'GET /api/orders/o1/payments': () =>
      Response.json({
        payments: [
          {
            id: 'pay1',
            kind: 'payment',
            of: 'rental',
            amount: 10_000,
            method: 'card',
            note: null,
            paidAt: '2026-11-02T12:00:00Z',
          },
        ],
        storeCredit: 0,
      }),
    'GET /api/orders/o1/documents': () => Response.json({ documents: [] }),
    'GET /api/orders/o1/photos': () =>
      Response.json({
        photos: [
          {
            id: 'ph1',
            createdAt: '2026-11-05T12:00:00Z',
            url: '/api/order-photos/ph1/full',
            thumbnailUrl: '/api/order-photos/ph1/thumbnail',
          },
        ],
      }),
    'GET /api/orders/o1/activity': () =>
      Response.json({
        activity: [
          {
            id: 'a1',
            action: 'created',
            detail: {},
            userId: 'user-1',
            userName: 'Dana Rivera',
            createdAt: '2026-11-01T12:00:00Z',
          },
          {
            id: 'a2',
            action: 'status',
            detail: { from: 'draft', to: 'quote' },
            userId: null,
            userName: null,
            createdAt: '2026-11-01T12:05:00Z',
          },
        ],
      }),
    'GET /api/customers/c1/phone': () =>
      Response.json({
        calls: [
          call('call-old', '2026-10-01T12:00:00Z'),
          call('call-new', '2026-11-03T12:00:00Z', true),
        ],
        messages: [
          {
            id: 'm1',
            conversationId: 'conv1',
            direction: 'inbound',
            body: 'Can we add a 🎉 slide? https://example.com/a-very-long-link-that-goes-on-and-on',
            status: 'received',
            errorCode: null,
            errorMessage: null,
            sentBy: null,
            createdAt: '2026-11-04T12:00:00Z',
          },
        ],
      }),
    'POST /api/orders/o1/transitions': ({ json }) =>
      Response.json({ order: { ...order, status: 'cancelled', ...(json ? {} : {}) } }),
  });
}

const payLink = {
  id: 'pl1',
  purpose: 'balance',
  amount: 20_000,
  status: 'open',
  url: 'http://localhost/sandbox/payments/pay/cs_test_a-very-long-session-id-that-must-wrap-0123456789',
  createdAt: '2026-11-06T12:00:00Z',
  expiresAt: '2026-11-07T11:00:00Z',
  paidAt: null,
};

describe('the order page', () => {
  it('keeps part of the security deposit held on the card, with why', APP_TEST, async () => {
    const server = orderServer(signedInSession.user.roles, {
      'GET /api/orders/o1/pay-links': () => Response.json({ payLinks: [], cardPayments: true }),
      'GET /api/orders/o1/card': () =>
        Response.json({
          card: {
            brand: 'mastercard',
            last4: '4444',
            expMonth: 1,
            expYear: 2030,
            savedAt: '2026-11-05T12:00:00Z',
          },
          charges: [
            {
              id: 'h1',
              kind: 'hold',
              amount: 10_000,
              status: 'held',
              captured: 0,
              failure: null,
              note: null,
              createdAt: '2026-11-06T12:00:00Z',
            },
          ],
          settings: {
            autopay: { enabled: false, daysBefore: 3 },
            securityDepositHold: { enabled: true, daysBefore: 2 },
          },
        }),
      'POST /api/orders/o1/card-hold/capture': () => Response.json({ order }),
    });
    renderApp('/orders/o1');
    const hold = await screen.findByRole('form', { name: 'Security deposit hold' }, PAGE_LOAD);
    expect(screen.getByText('Security deposit on the card: $100.00 held')).toBeInTheDocument();
    await userEvent.type(within(hold).getByLabelText('Keep'), '25');
    await userEvent.type(within(hold).getByLabelText('Why (damage, cleaning…)'), 'A torn panel 🎪');
    await userEvent.click(within(hold).getByRole('button', { name: 'Keep from deposit' }));
    await waitFor(() =>
      expect(
        server.requests.find((r) => r.path === '/api/orders/o1/card-hold/capture')?.json,
      ).toEqual({ amount: 2_500, note: 'A torn panel 🎪' }),
    );
  });

  it(
    'makes a pay link for the balance and offers to e-mail it; a declined automatic payment is flagged',
    APP_TEST,
    async () => {
      let links: (typeof payLink)[] = [];
      const server = orderServer(signedInSession.user.roles, {
        'GET /api/orders/o1/pay-links': () =>
          Response.json({ payLinks: links, cardPayments: true }),
        'POST /api/orders/o1/pay-links': () => {
          links = [payLink];
          return Response.json({ payLink }, { status: 201 });
        },
        'POST /api/orders/o1/pay-links/pl1/email': () =>
          Response.json({ queued: true, to: 'rosa@example.com' }, { status: 201 }),
        'GET /api/customers/c1': () => Response.json({ customer: { id: 'c1', phoneNumber: null } }),
        'GET /api/orders/o1/card': () =>
          Response.json({
            card: {
              brand: 'visa',
              last4: '4242',
              expMonth: 12,
              expYear: 2034,
              savedAt: '2026-11-05T12:00:00Z',
            },
            charges: [
              {
                id: 'ch1',
                kind: 'autopay',
                amount: 20_000,
                status: 'failed',
                captured: 0,
                failure: 'Your card was declined.',
                note: null,
                createdAt: '2026-11-06T12:00:00Z',
              },
            ],
            settings: {
              autopay: { enabled: true, daysBefore: 3 },
              securityDepositHold: { enabled: false, daysBefore: 2 },
            },
          }),
      });
      renderApp('/orders/o1');
      const payments = await screen.findByRole('region', { name: 'Payments' }, PAGE_LOAD);
      expect(
        await within(payments).findByText(
          'The automatic payment of $200.00 failed: Your card was declined. Send the customer a pay link.',
          {},
          PAGE_LOAD,
        ),
      ).toBeInTheDocument();
      expect(
        within(payments).getByText('Visa ending in 4242, expires 12/2034'),
      ).toBeInTheDocument();
      // The deposit is paid, so the balance is what a link asks for.
      expect(within(payments).queryByRole('button', { name: /deposit/ })).toBeNull();
      await userEvent.click(
        within(payments).getByRole('button', { name: 'Pay link: balance $200.00' }),
      );
      expect(server.requests.find((r) => r.method === 'POST')?.json).toEqual({
        purpose: 'balance',
      });
      expect(
        await within(payments).findByText('Waiting for payment', {}, PAGE_LOAD),
      ).toBeInTheDocument();
      await userEvent.click(within(payments).getByRole('button', { name: 'E-mail it' }));
      await waitFor(() =>
        expect(
          server.requests.some(
            (r) => r.method === 'POST' && r.path === '/api/orders/o1/pay-links/pl1/email',
          ),
        ).toBe(true),
      );
      expect(await within(payments).findByRole('button', { name: 'E-mailed' })).toBeDisabled();
    },
  );

  it('shows the calls and texts since the order was made, and who did what', APP_TEST, async () => {
    orderServer();
    renderApp('/orders/o1');
    const talk = await screen.findByRole('region', { name: 'Calls and texts' }, PAGE_LOAD);
    await waitFor(() => expect(within(talk).getAllByRole('listitem')).toHaveLength(2), PAGE_LOAD);
    const items = within(talk).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Text in: Can we add a 🎉 slide?');
    expect(items[1]).toHaveTextContent('Missed call (512) 555-0100');
    // The call from before the order was made is not about it.
    expect(talk).not.toHaveTextContent('3 min');
    expect(
      await screen.findByRole('img', { name: 'The setup site, 1 of 1, from the customer' }),
    ).toHaveAttribute('src', '/api/order-photos/ph1/thumbnail');
    const activity = screen.getByRole('region', { name: 'Activity' });
    await waitFor(() => expect(activity).toHaveTextContent('Draft → Quote'), PAGE_LOAD);
    expect(activity).toHaveTextContent('Dana Rivera');
    expect(activity).toHaveTextContent('Customer or system');
  });

  it(
    'shows staff the changes made since the customer signed, awaiting approval',
    APP_TEST,
    async () => {
      stubServer({
        'GET /api/auth/session': () => Response.json(signedInSession),
        'GET /api/account': () => Response.json(accountOverview),
        'GET /api/account/teams': () => Response.json(teamsResponse),
        ...dashboardRoutes,
        'GET /api/orders/o1': () =>
          Response.json({
            order: {
              ...order,
              changesSinceSigned: [
                { kind: 'added', description: 'Cotton Candy 🍭', quantity: 1, amount: 7_500 },
                { kind: 'total', from: 30_000, to: 37_500, difference: 7_500 },
              ],
            },
          }),
        'GET /api/orders/o1/payments': () => Response.json({ payments: [], storeCredit: 0 }),
        'GET /api/orders/o1/documents': () => Response.json({ documents: [] }),
        'GET /api/orders/o1/photos': () =>
          Response.json({
            photos: [
              {
                id: 'ph1',
                createdAt: '2026-11-05T12:00:00Z',
                url: '/api/order-photos/ph1/full',
                thumbnailUrl: '/api/order-photos/ph1/thumbnail',
              },
            ],
          }),
        'GET /api/orders/o1/activity': () => Response.json({ activity: [] }),
        'GET /api/customers/c1/phone': () => Response.json({ calls: [], messages: [] }),
      });
      renderApp('/orders/o1');
      const banner = await screen.findByText(/Changed since the customer signed/, {}, PAGE_LOAD);
      const box = banner.parentElement as HTMLElement;
      expect(box).toHaveTextContent('Added: Cotton Candy 🍭 × 1 ($75.00)');
      expect(box).toHaveTextContent('Total: $300.00 → $375.00 (+$75.00)');
    },
  );

  it(
    'tells staff without the permissions why they cannot change it or take money',
    APP_TEST,
    async () => {
      orderServer(['tentpole:customer.read', 'tentpole:phone.read']);
      renderApp('/orders/o1');
      expect(
        await screen.findByText('Changing orders needs the order.write permission.', {}, PAGE_LOAD),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Reserve' })).toBeDisabled();
      expect(
        screen.getByText('Recording payments needs the payment.write permission.'),
      ).toBeInTheDocument();
      expect(screen.getByText('Refunds need the payment.refund permission.')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Record payment' })).not.toBeInTheDocument();
    },
  );

  it('cancels with a reason and what happens to the money paid', APP_TEST, async () => {
    const { requests } = orderServer();
    const user = userEvent.setup();
    renderApp('/orders/o1');
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }, PAGE_LOAD));
    expect(screen.getByText('$100.00 has been paid. What happens to it?')).toBeInTheDocument();
    expect(screen.getByLabelText(/Keep the booking deposit, refund the rest/)).toHaveAccessibleName(
      /keeps \$75\.00/,
    );
    await user.type(screen.getByLabelText('Why is it cancelled?'), 'Rained out');
    await user.click(screen.getByLabelText(/Keep the booking deposit/));
    await user.click(screen.getAllByRole('button', { name: 'Cancel order' }).at(-1) as HTMLElement);
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.json).toEqual({
        to: 'cancelled',
        reason: 'Rained out',
        money: 'keep_deposit',
      }),
    );
  });

  it.each([
    {
      locale: 'de-DE',
      currency: 'EUR',
      total: '300,00 €',
      balance: '200,00 €',
      paid: '100,00 € has been paid. What happens to it?',
      event: '12.06.2027, 15:00 to 12.06.2027, 23:00',
    },
    {
      locale: 'en-GB',
      currency: 'GBP',
      total: '£300.00',
      balance: '£200.00',
      paid: '£100.00 has been paid. What happens to it?',
      event: '12 Jun 2027, 15:00 to 12 Jun 2027, 23:00',
    },
  ])(
    "writes an $locale account's totals and dates its way",
    APP_TEST,
    async ({ locale, currency, total, balance, paid, event }) => {
      orderServer(signedInSession.user.roles, {
        'GET /api/account': () =>
          Response.json({ ...accountOverview, settings: { locale, currency } }),
      });
      renderApp('/orders/o1');
      const totals = await screen.findByRole('region', { name: 'Totals' }, PAGE_LOAD);
      await waitFor(() => expect(totals).toHaveTextContent(total), PAGE_LOAD);
      expect(totals).toHaveTextContent(`Balance${balance}`);
      // toHaveTextContent reads any space as ' '. The browser runs in UTC here; the event is 15:00 to 23:00 UTC, on the 24-hour clock.
      expect(document.body.textContent?.replace(/\s/g, ' ')).toContain(event);
      await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
      expect(
        screen.getByText(
          (_, node) => node?.tagName === 'LEGEND' && node.textContent?.replace(/\s/g, ' ') === paid,
        ),
      ).toBeInTheDocument();
    },
  );
});
