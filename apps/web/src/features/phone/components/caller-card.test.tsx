import { type CallerCard as CallerCardData, localDate } from '@tentpole/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AuthenticatedSessionProvider } from '@/app/providers/authenticated-session';
import { deliveryDay } from '@/test/delivery-day-fixtures';
import { type FakeRequest, stubServer } from '@/test/fake-server';
import { signedInSession } from '@/test/fixtures';
import { FakeCall } from '../test/fake-voice-sdk';
import { renderWithPhone, startFakePhone } from '../test/render-phone';
import { CallerCard } from './caller-card';
import { IncomingCallDialog } from './incoming-call-dialog';

const NUMBER = '+15550142001';

const fullCard: CallerCardData = {
  customer: { id: 'cust-1', firstName: 'Harper', lastName: 'Gomez', phoneNumber: NUMBER },
  order: {
    id: 'order-4',
    number: 1003,
    status: 'confirmed',
    eventStart: '2099-06-13T15:00:00.000Z',
    eventEnd: '2099-06-13T23:00:00.000Z',
    fulfilment: 'delivery',
    items: [
      { description: 'Castle', quantity: 1 },
      { description: 'Table', quantity: 4 },
    ],
    signed: false,
    balanceDue: 20_000,
    deliveryWindow: { start: '2099-06-13T13:00:00.000Z', end: '2099-06-13T15:00:00.000Z' },
    surface: 'Grass',
    addressLine2: 'Gate code 4321',
  },
  quotes: [
    {
      id: 'order-6',
      number: 1006,
      status: 'hold',
      eventStart: '2099-06-20T15:00:00.000Z',
      holdExpiresAt: '2099-06-02T12:00:00.000Z',
      total: 8_000,
    },
  ],
  lifetimeValue: 77_000,
  currency: 'USD',
  timeZone: 'America/Chicago',
};

/** The card as the server answers a member without money permissions: the fields left out. */
function withoutMoney(card: CallerCardData): CallerCardData {
  const { lifetimeValue: _, order, ...rest } = card;
  if (!order) return { ...rest, order };
  const { balanceDue: __, ...shown } = order;
  return { ...rest, order: shown, quotes: card.quotes.map(({ total: ___, ...q }) => q) };
}

// GET /api/phone/callers: the customers whose number is the caller's (decision 0062).
const customers = (...list: { id: string; firstName: string }[]) =>
  Response.json({
    customers: list.map((c) => ({ ...c, lastName: 'Gomez', company: null })),
  });

function renderCard(roles: string[], ui: ReactNode) {
  const session = { ...signedInSession, user: { ...signedInSession.user, roles } };
  return renderWithPhone(
    <AuthenticatedSessionProvider session={session}>{ui}</AuthenticatedSessionProvider>,
    null,
    { inRouter: true },
  );
}

const card = (customerId: string | null = 'cust-1', key = 'call:1') => (
  <CallerCard choiceKey={key} number={NUMBER} customerId={customerId} origin="call" />
);

describe('caller card (issue 24 item 1)', () => {
  it('shows the next order, its items, signature, balance, window, surface and gate code, the open hold and the lifetime value', async () => {
    stubServer({
      'GET /api/phone/caller-card': () => Response.json(fullCard),
      'GET /api/phone/callers': () => customers({ id: 'cust-1', firstName: 'Harper' }),
    });
    renderCard(['tentpole:*'], card());
    const section = await screen.findByRole('region', { name: 'Caller card' });
    const next = within(section).getByRole('link', { name: 'Next order #1003' });
    expect(next.getAttribute('href')).toBe('/orders/order-4');
    expect(next.parentElement).toHaveTextContent(
      'Next order #1003 on Sat, Jun 13 · Confirmed · Not signed',
    );
    expect(section).toHaveTextContent('Castle × 1, Table × 4');
    expect(section).toHaveTextContent(
      'Delivery 8:00 AM–10:00 AM · Surface: Grass · Gate / unit: Gate code 4321',
    );
    expect(section).toHaveTextContent('Balance due $200.00');
    expect(within(section).getByRole('list', { name: 'Open quotes and holds' })).toHaveTextContent(
      'Hold #1006 · Sat, Jun 20 · $80.00 · holds until Tue, Jun 2, 7:00 AM',
    );
    expect(section).toHaveTextContent('Lifetime value $770.00');
    // Issue 24 item 8: the order taken on the call carries it as its referral source.
    expect(
      within(section).getByRole('link', { name: 'New order for this caller' }).getAttribute('href'),
    ).toBe('/orders/new?customerId=cust-1&from=call');
  });

  it('shows no money and no money actions to a member the server gives none (a driver)', async () => {
    stubServer({
      'GET /api/phone/caller-card': () => Response.json(withoutMoney(fullCard)),
      'GET /api/phone/callers': () => customers({ id: 'cust-1', firstName: 'Harper' }),
    });
    renderCard(['tentpole:phone.read', 'tentpole:delivery.driver'], card());
    const section = await screen.findByRole('region', { name: 'Caller card' });
    expect(section).toHaveTextContent('Next order #1003');
    expect(section).toHaveTextContent('Gate / unit: Gate code 4321');
    expect(section.textContent).not.toMatch(/\$|Balance|Lifetime|Paid in full/);
    // No phone.write, no order.write: nothing to tap.
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
    expect(within(section).queryByRole('link', { name: /New order/ })).not.toBeInTheDocument();
  });

  it('offers the pay link only with payment.write, and the order link only with order.write', async () => {
    stubServer({
      'GET /api/phone/caller-card': () => Response.json(fullCard),
      'GET /api/phone/callers': () => customers({ id: 'cust-1', firstName: 'Harper' }),
    });
    renderCard(['tentpole:phone.read', 'tentpole:phone.write', 'tentpole:order.write'], card());
    const section = await screen.findByRole('region', { name: 'Caller card' });
    expect(within(section).getByRole('button', { name: 'Text order link' })).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Text delivery window' })).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Text pay link' })).toBeNull();
  });

  it('Text pay link makes a pay link for the balance and texts it to the caller, then says what was sent', async () => {
    const { requests } = stubServer({
      'GET /api/phone/caller-card': () => Response.json(fullCard),
      'GET /api/phone/callers': () => customers({ id: 'cust-1', firstName: 'Harper' }),
      'POST /api/orders/order-4/pay-links': () =>
        Response.json(
          {
            payLink: {
              id: 'link-1',
              purpose: 'balance',
              amount: 20_000,
              status: 'open',
              url: 'https://pay.example/cs_1',
              createdAt: '2099-06-01T12:00:00.000Z',
              expiresAt: '2099-06-02T12:00:00.000Z',
              paidAt: null,
            },
          },
          { status: 201 },
        ),
      'POST /api/phone/text/create': () => Response.json({ id: 'conv-1' }),
    });
    renderCard(['tentpole:*'], card());
    const section = await screen.findByRole('region', { name: 'Caller card' });
    await userEvent.click(within(section).getByRole('button', { name: 'Text pay link' }));
    const sent = 'Order #1003: you can pay $200.00 by card here: https://pay.example/cs_1';
    expect(await within(section).findByRole('status')).toHaveTextContent(
      `Texted to (555) 014-2001: “${sent}”`,
    );
    const posted = (method: string, path: string) =>
      requests.find((r: FakeRequest) => r.method === method && r.path === path)?.json;
    expect(posted('POST', '/api/orders/order-4/pay-links')).toEqual({ purpose: 'balance' });
    expect(posted('POST', '/api/phone/text/create')).toEqual({ phoneNumber: NUMBER, body: sent });
  });

  it('Text order link texts the customer order page (to sign, as it is not signed yet)', async () => {
    const { requests } = stubServer({
      'GET /api/phone/caller-card': () => Response.json(fullCard),
      'GET /api/phone/callers': () => customers({ id: 'cust-1', firstName: 'Harper' }),
      'POST /api/orders/order-4/link': () => Response.json({ url: 'https://app.example/o/tok' }),
      'POST /api/phone/text/create': () => Response.json({ id: 'conv-1' }),
    });
    renderCard(['tentpole:*'], card());
    const section = await screen.findByRole('region', { name: 'Caller card' });
    await userEvent.click(within(section).getByRole('button', { name: 'Text order link' }));
    await within(section).findByRole('status');
    expect(requests.find((r) => r.path === '/api/phone/text/create')?.json).toEqual({
      phoneNumber: NUMBER,
      body: 'Order #1003: please review and sign your rental agreement here: https://app.example/o/tok',
    });
  });

  it('Text delivery window texts the window in the business’s time zone', async () => {
    const { requests } = stubServer({
      'GET /api/phone/caller-card': () => Response.json(fullCard),
      'GET /api/phone/callers': () => customers({ id: 'cust-1', firstName: 'Harper' }),
      'POST /api/phone/text/create': () => Response.json({ id: 'conv-1' }),
    });
    renderCard(['tentpole:*'], card());
    const section = await screen.findByRole('region', { name: 'Caller card' });
    await userEvent.click(within(section).getByRole('button', { name: 'Text delivery window' }));
    await within(section).findByRole('status');
    expect(requests.find((r) => r.path === '/api/phone/text/create')?.json).toEqual({
      phoneNumber: NUMBER,
      body: 'Order #1003: we will deliver on Sat, Jun 13 between 8:00 AM and 10:00 AM.',
    });
  });

  it('shows today’s ETA from the day’s routes and texts it (with delivery.read)', async () => {
    const today = localDate(new Date(), 'America/Chicago');
    const route = deliveryDay.routes[0] as (typeof deliveryDay.routes)[number];
    const stopId = route.stops[0]?.stopId as string;
    // The route leaves at the day's last minute, so it is not under way: the plan's 8:00 AM.
    const day = { ...deliveryDay, date: today, routes: [{ ...route, leaveDepot: 1439 }] };
    const orderId = stopId.split(':')[0] as string;
    const { requests } = stubServer({
      'GET /api/phone/caller-card': () =>
        Response.json({
          ...fullCard,
          order: { ...fullCard.order, id: orderId, eventStart: new Date().toISOString() },
        }),
      'GET /api/phone/callers': () => customers({ id: 'cust-1', firstName: 'Harper' }),
      'GET /api/delivery/day': () => Response.json(day),
      'POST /api/phone/text/create': () => Response.json({ id: 'conv-1' }),
    });
    renderCard(['tentpole:phone.read', 'tentpole:phone.write', 'tentpole:delivery.read'], card());
    const section = await screen.findByRole('region', { name: 'Caller card' });
    expect(
      await within(section).findByText(/^Delivery today: crew expected about/),
    ).toHaveTextContent('Delivery today: crew expected about 8:00 AM');
    await userEvent.click(within(section).getByRole('button', { name: 'Text the ETA' }));
    await within(section).findByRole('status');
    expect(requests.find((r) => r.path === '/api/phone/text/create')?.json).toEqual({
      phoneNumber: NUMBER,
      body: 'Order #1003: our crew expects to reach you about 8:00 AM with your rental.',
    });
  });

  it('asks no routes of a member who may not read them', async () => {
    const { requests } = stubServer({
      'GET /api/phone/caller-card': () =>
        Response.json({
          ...fullCard,
          order: { ...fullCard.order, eventStart: new Date().toISOString() },
        }),
      'GET /api/phone/callers': () => customers({ id: 'cust-1', firstName: 'Harper' }),
    });
    renderCard(['tentpole:phone.read', 'tentpole:phone.write'], card());
    const section = await screen.findByRole('region', { name: 'Caller card' });
    expect(within(section).getByRole('button', { name: 'Text delivery window' })).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Text the ETA' })).toBeNull();
    expect(requests.some((r) => r.path === '/api/delivery/day')).toBe(false);
  });

  it('says why when the text is refused', async () => {
    stubServer({
      'GET /api/phone/caller-card': () => Response.json(fullCard),
      'GET /api/phone/callers': () => customers({ id: 'cust-1', firstName: 'Harper' }),
      'POST /api/phone/text/create': () =>
        Response.json(
          { error: { code: 'conflict', message: 'This number opted out of texts.' } },
          { status: 409 },
        ),
    });
    renderCard(['tentpole:*'], card());
    const section = await screen.findByRole('region', { name: 'Caller card' });
    await userEvent.click(within(section).getByRole('button', { name: 'Text delivery window' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'This number opted out of texts.',
    );
  });

  it('asks whose card when several customers share the number, and keeps the choice for the call', async () => {
    const { requests } = stubServer({
      'GET /api/phone/callers': () =>
        customers({ id: 'cust-1', firstName: 'Harper' }, { id: 'cust-2', firstName: 'Paula' }),
      'GET /api/phone/caller-card': (r) =>
        Response.json({
          ...fullCard,
          customer: { ...fullCard.customer, id: r.search.get('customerId') ?? '' },
          order: {
            ...fullCard.order,
            number: r.search.get('customerId') === 'cust-2' ? 2002 : 1003,
          },
        }),
    });
    const view = renderCard(['tentpole:*'], card(null, 'call:7'));
    const chooser = await screen.findByRole('group', { name: /is the number of 2 customers/ });
    expect(screen.queryByRole('region', { name: 'Caller card' })).toBeNull();
    await userEvent.click(within(chooser).getByRole('button', { name: 'Paula Gomez' }));
    expect(within(chooser).getByRole('button', { name: 'Paula Gomez' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(await screen.findByRole('link', { name: 'Next order #2002' })).toBeVisible();
    // The same call elsewhere (the active-call panel after Accept) shows the choice at once,
    // even when the call names the other customer.
    view.unmount();
    renderCard(['tentpole:*'], card('cust-1', 'call:7'));
    expect(await screen.findByRole('link', { name: 'Next order #2002' })).toBeVisible();
    expect(requests.filter((r) => r.search.get('customerId') === 'cust-1')).toHaveLength(0);
  });

  it('keeps the choice made in the Incoming Call dialog on the call, for the call log (decision 0062)', async () => {
    const paula = {
      id: 'cust-2',
      firstName: 'Paula',
      lastName: 'Gomez',
      company: null,
      email: 'paula@example.com',
      phoneNumber: NUMBER,
      internalNotes: null,
      points: 0,
      banned: false,
      reference: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const { requests } = stubServer({
      'GET /api/phone/callers': () =>
        customers({ id: 'cust-1', firstName: 'Harper' }, { id: 'cust-2', firstName: 'Paula' }),
      'GET /api/customers/cust-2': () => Response.json({ customer: paula }),
      'GET /api/customers/cust-2/orders': () => Response.json({ orders: [] }),
      'GET /api/phone/caller-card': () =>
        Response.json({ ...fullCard, customer: { ...fullCard.customer, id: 'cust-2' } }),
      'PUT /api/phone/calls/CAshared01/customer': () =>
        Response.json({
          customer: { id: 'cust-2', firstName: 'Paula', lastName: 'Gomez', company: null },
        }),
    });
    const started = await startFakePhone();
    const session = {
      ...signedInSession,
      user: { ...signedInSession.user, roles: ['tentpole:*'] },
    };
    renderWithPhone(
      <AuthenticatedSessionProvider session={session}>
        <IncomingCallDialog />
      </AuthenticatedSessionProvider>,
      started.phone,
      { inRouter: true },
    );
    // A shared number: the carrier's call names nobody, and gives the call's id.
    act(() => started.device.ring(new FakeCall({ From: NUMBER, callSid: 'CAshared01' })));
    const dialog = await screen.findByRole('dialog', { name: 'Incoming Call' });
    expect(within(dialog).getByTestId('incoming-caller')).toHaveTextContent(/^\(555\) 014-2001/);
    const chooser = await within(dialog).findByRole('group', {
      name: /is the number of 2 customers/,
    });
    await userEvent.click(within(chooser).getByRole('button', { name: 'Paula Gomez' }));
    await waitFor(() =>
      expect(
        requests.find(
          (r) => r.method === 'PUT' && r.path === '/api/phone/calls/CAshared01/customer',
        )?.json,
      ).toEqual({ customerId: 'cust-2' }),
    );
    expect(await within(dialog).findByTestId('incoming-caller')).toHaveTextContent(
      /^Paula Gomez \(555\) 014-2001$/,
    );
  });

  it("sits under the Incoming Call dialog's spec lines, which read as before", async () => {
    stubServer({
      'GET /api/customers/cust-1': () =>
        Response.json({
          customer: {
            id: 'cust-1',
            firstName: 'Harper',
            lastName: 'Gomez',
            company: null,
            email: 'harper@example.com',
            phoneNumber: NUMBER,
            internalNotes: null,
            points: 0,
            banned: false,
            reference: null,
            createdAt: '2026-01-01T00:00:00.000Z',
          },
        }),
      'GET /api/customers/cust-1/orders': () => Response.json({ orders: [] }),
      'GET /api/phone/caller-card': () => Response.json(fullCard),
      'GET /api/phone/callers': () => customers({ id: 'cust-1', firstName: 'Harper' }),
    });
    const started = await startFakePhone();
    const session = {
      ...signedInSession,
      user: { ...signedInSession.user, roles: ['tentpole:*'] },
    };
    renderWithPhone(
      <AuthenticatedSessionProvider session={session}>
        <IncomingCallDialog />
      </AuthenticatedSessionProvider>,
      started.phone,
      { inRouter: true },
    );
    act(() => started.device.ring(new FakeCall({ From: NUMBER, customerId: 'cust-1' })));
    const dialog = await screen.findByRole('dialog', { name: 'Incoming Call' });
    const section = await within(dialog).findByRole('region', { name: 'Caller card' });
    expect(section).toHaveTextContent('Balance due $200.00');
    expect(within(dialog).getByRole('heading', { name: 'Incoming Call' })).toBeInTheDocument();
    expect(within(dialog).getByText('From', { exact: true })).toBeInTheDocument();
    expect(within(dialog).getByTestId('incoming-caller')).toHaveTextContent(
      /^Harper Gomez \(555\) 014-2001$/,
    );
    expect(within(dialog).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    // The card comes after the caller line, before the buttons.
    const caller = within(dialog).getByTestId('incoming-caller');
    expect(caller.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
