import type { CallerCard as CallerCardData, CallerOfferResponse } from '@tentpole/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AuthenticatedSessionProvider } from '@/app/providers/authenticated-session';
import { type FakeRequest, stubServer } from '@/test/fake-server';
import { signedInSession } from '@/test/fixtures';
import { renderWithPhone } from '../test/render-phone';
import { CallerHold } from './caller-hold';

const NUMBER = '+15550142001';
const CUSTOMER = '6f1c1c43-4d0f-4a8e-9d55-0d3f4a0a8b11';
const CASTLE = '0b7c8f4e-1111-4c4c-8888-000000000001';
const TABLE = '0b7c8f4e-1111-4c4c-8888-000000000002';

const card: CallerCardData = {
  customer: { id: CUSTOMER, firstName: 'Harper', lastName: 'Gomez', phoneNumber: NUMBER },
  order: null,
  quotes: [],
  currency: 'USD',
  timeZone: 'America/Chicago',
};

const offer: CallerOfferResponse = {
  items: [
    {
      productId: CASTLE,
      name: 'Castle Bounce House 🏰 with a very long name that has to wrap',
      available: 2,
      price: 25_000,
    },
    { productId: TABLE, name: 'Round Table 60in', available: 12, price: 1_200 },
  ],
  delivery: { ok: true, amount: 4_000, explanation: '78701: $40.00' },
  blackouts: ['Fourth of July'],
};

const held = {
  orderId: 'order-9',
  orderNumber: 1009,
  holdExpiresAt: '2099-06-01T20:45:00.000Z',
  link: 'https://app.example/o/tok-9',
  texted: true,
  notTexted: null,
};

function renderHold(roles: string[] = ['tentpole:*']) {
  const session = { ...signedInSession, user: { ...signedInSession.user, roles } };
  return renderWithPhone(
    <AuthenticatedSessionProvider session={session}>
      <CallerHold choiceKey="call:hold-1" number={NUMBER} customerId={CUSTOMER} />
    </AuthenticatedSessionProvider>,
    null,
    { inRouter: true },
  );
}

/** Opens the form and types the day and ZIP code the caller asks about. */
async function typeWindow(zip = '78701') {
  await userEvent.click(await screen.findByRole('button', { name: 'Hold for caller' }));
  const form = screen.getByRole('form', { name: 'Hold for caller' });
  const date = within(form).getByLabelText('Date');
  expect(date).toHaveFocus();
  await userEvent.type(date, '2099-06-13');
  if (zip) await userEvent.type(within(form).getByLabelText('ZIP code'), zip);
  return form;
}

const offers = (requests: FakeRequest[]) =>
  requests.filter((r) => r.path === '/api/orders/caller-offer');

describe('hold for caller (issue 24 item 2)', () => {
  it('lists what is free for the typed day, with its price, the delivery fee and the blackouts', async () => {
    const { requests } = stubServer({
      'GET /api/phone/caller-card': () => Response.json(card),
      'GET /api/orders/caller-offer': () => Response.json(offer),
    });
    renderHold();
    const form = await typeWindow();
    const table = await within(form).findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Item', 'Free', 'Price', 'Hold']);
    const castle = within(table).getByRole('row', { name: /Castle Bounce House/ });
    expect(castle).toHaveTextContent('2 free');
    expect(castle).toHaveTextContent('$250.00');
    expect(within(castle).getByRole('spinbutton')).toHaveValue(0);
    expect(within(table).getByRole('row', { name: /Round Table 60in/ })).toHaveTextContent(
      '12 free$12.00',
    );
    expect(form).toHaveTextContent('Delivery to 78701: $40.00');
    expect(form).toHaveTextContent('Falls on a blackout: Fourth of July');
    // The window is the typed day and times where the business is (Chicago, summer: UTC-5).
    const last = offers(requests).at(-1);
    expect(last?.search.get('start')).toBe('2099-06-13T15:00:00.000Z');
    expect(last?.search.get('end')).toBe('2099-06-13T23:00:00.000Z');
    expect(last?.search.get('postalCode')).toBe('78701');
    expect(within(form).getByRole('button', { name: 'Hold for caller' })).toBeDisabled();
  });

  it('says so when nothing is free', async () => {
    stubServer({
      'GET /api/phone/caller-card': () => Response.json(card),
      'GET /api/orders/caller-offer': () =>
        Response.json({ items: [], delivery: null, blackouts: [] }),
    });
    renderHold();
    const form = await typeWindow('');
    expect(await within(form).findByText('Nothing is free for that day.')).toBeVisible();
  });

  it('holds the chosen quantity for the caller and says until when, with the focus on it', async () => {
    const { requests } = stubServer({
      'GET /api/phone/caller-card': () => Response.json(card),
      'GET /api/orders/caller-offer': () => Response.json(offer),
      'POST /api/orders/caller-holds': () => Response.json(held, { status: 201 }),
    });
    renderHold();
    const form = await typeWindow();
    const quantity = await within(form).findByRole('spinbutton', {
      name: /How many Castle Bounce House/,
    });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '1');
    await userEvent.click(within(form).getByRole('button', { name: 'Hold for caller' }));

    const confirmation = await screen.findByRole('region', { name: 'Hold for caller' });
    expect(confirmation).toHaveTextContent('Held until 3:45 PM. The link is on its way by text.');
    expect(confirmation).toHaveFocus();
    expect(
      within(confirmation).getByRole('link', { name: 'Open hold #1009' }).getAttribute('href'),
    ).toBe('/orders/order-9');
    expect(requests.find((r) => r.method === 'POST')?.json).toEqual({
      customerId: CUSTOMER,
      start: '2099-06-13T15:00:00.000Z',
      end: '2099-06-13T23:00:00.000Z',
      postalCode: '78701',
      lines: [{ productId: CASTLE, quantity: 1 }],
    });
  });

  it('says why the link was not texted, and gives it to copy', async () => {
    stubServer({
      'GET /api/phone/caller-card': () => Response.json(card),
      'GET /api/orders/caller-offer': () => Response.json(offer),
      'POST /api/orders/caller-holds': () =>
        Response.json(
          { ...held, texted: false, notTexted: 'The caller opted out of texts.' },
          { status: 201 },
        ),
    });
    renderHold();
    const form = await typeWindow();
    const quantity = await within(form).findByRole('spinbutton', { name: /Round Table/ });
    await userEvent.type(quantity, '4');
    await userEvent.click(within(form).getByRole('button', { name: 'Hold for caller' }));
    const confirmation = await screen.findByRole('region', { name: 'Hold for caller' });
    expect(confirmation).toHaveTextContent(
      'Held until 3:45 PM. Not texted: The caller opted out of texts.',
    );
    expect(within(confirmation).getByLabelText('Link for the caller')).toHaveValue(
      'https://app.example/o/tok-9',
    );
  });

  it('says which item is no longer free and reads the list again', async () => {
    const { requests } = stubServer({
      'GET /api/phone/caller-card': () => Response.json(card),
      'GET /api/orders/caller-offer': () => Response.json(offer),
      'POST /api/orders/caller-holds': () =>
        Response.json(
          {
            error: {
              code: 'unavailable',
              message: 'Not enough stock',
              shortages: [{ productId: CASTLE, requested: 2, available: 1, conflicts: [] }],
            },
          },
          { status: 409 },
        ),
    });
    renderHold();
    const form = await typeWindow();
    const quantity = await within(form).findByRole('spinbutton', { name: /Castle/ });
    await userEvent.type(quantity, '2');
    const before = offers(requests).length;
    await userEvent.click(within(form).getByRole('button', { name: 'Hold for caller' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Castle Bounce House 🏰 with a very long name that has to wrap is no longer free. Choose again.',
    );
    await vi.waitFor(() => expect(offers(requests).length).toBeGreaterThan(before));
  });

  it('is not there for a member who may not write orders', async () => {
    stubServer({
      'GET /api/phone/caller-card': () => Response.json(card),
    });
    renderHold(['tentpole:phone.read', 'tentpole:phone.write']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Hold for caller' })).toBeNull();
  });
});
