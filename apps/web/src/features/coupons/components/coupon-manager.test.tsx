import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { APP_TEST, couponServer, coupons, ids, PAGE_LOAD } from '../test/coupon-fixtures';

const READ_ONLY = ['tentpole:coupons.read', 'tentpole:product.read'];

async function couponTable() {
  return screen.findByRole('table', { name: 'Coupons' }, PAGE_LOAD);
}

const rowOf = (table: HTMLElement, code: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(code)) as HTMLElement;

async function openNewCoupon() {
  const user = userEvent.setup();
  await couponTable();
  await user.click(screen.getByRole('button', { name: 'New Coupon' }));
  const dialog = await screen.findByRole('dialog', { name: 'New coupon' });
  return { user, dialog };
}

describe('coupons (back-office spec §9)', APP_TEST, () => {
  it('lists a percent, an amount and a free-delivery coupon with their uses and money', async () => {
    couponServer();
    renderApp('/coupons');

    const table = await couponTable();
    const summer = rowOf(table, 'SUMMER10');
    expect(summer).toHaveTextContent('Summer promotion 🎈');
    expect(summer).toHaveTextContent('10% off');
    await waitFor(() => expect(summer).toHaveTextContent('Inflatables'));
    expect(summer).toHaveTextContent('Jun 1, 2026 – Aug 31, 2026Event date');
    expect(summer).toHaveTextContent('3 / 10');
    expect(summer).toHaveTextContent('$45.00');
    expect(summer).toHaveTextContent('$1,234.50');
    expect(summer).toHaveTextContent('Active');

    const take25 = rowOf(table, 'TAKE25');
    expect(take25).toHaveTextContent('$25.00 off');
    expect(take25).toHaveTextContent('Whole rental subtotal');
    expect(take25).toHaveTextContent('Until Dec 31, 2026Booking date');
    expect(take25).toHaveTextContent('Inactive');

    const freeShip = rowOf(table, 'FREESHIP');
    expect(freeShip).toHaveTextContent('Free delivery');
    expect(freeShip).toHaveTextContent('Delivery fees');
    expect(freeShip).toHaveTextContent('Min. $200.00 · Once per customer');
    expect(freeShip).toHaveTextContent('12');
    expect(freeShip).toHaveTextContent('$480.00');
    expect(freeShip).toHaveTextContent('$9,800.00');

    // On a phone the same coupons are cards.
    const cards = screen.getByRole('list', { name: 'Coupons' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(coupons.length);
  });

  it('creates a percent coupon on some products: the percent in basis points, money in cents', async () => {
    const { requests } = couponServer({
      'POST /api/coupons': ({ json }) =>
        Response.json({ ...coupons[0], ...(json as object), id: 'new', uses: 0 }, { status: 201 }),
    });
    renderApp('/coupons');
    const { user, dialog } = await openNewCoupon();

    await user.type(within(dialog).getByLabelText('Code'), 'spring-12');
    await user.type(within(dialog).getByLabelText('Percent'), '12.5');
    await user.selectOptions(within(dialog).getByLabelText('Applies to'), 'products');
    await user.click(
      await within(dialog).findByRole('checkbox', { name: 'Royal Castle 🏰 Bounce House' }),
    );
    await user.type(within(dialog).getByLabelText(/Minimum rental subtotal/), '150');
    await user.type(within(dialog).getByLabelText(/Maximum uses per customer/), '1');
    await user.click(within(dialog).getByRole('switch', { name: 'New customers only' }));
    await user.selectOptions(within(dialog).getByLabelText('Where it can be used'), 'store');
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'POST')?.json).toEqual({
      code: 'SPRING-12',
      description: null,
      kind: 'percent',
      percentBps: 1250,
      amount: null,
      appliesTo: 'products',
      categoryIds: [],
      productIds: [ids.castle],
      minimumSubtotal: 15_000,
      validFrom: null,
      validUntil: null,
      dateBasis: 'event',
      maxUses: null,
      maxUsesPerCustomer: 1,
      newCustomersOnly: true,
      channel: 'store',
      active: true,
    });
    expect(await screen.findByText('Coupon SPRING-12 created.')).toBeInTheDocument();
  });

  it('creates an amount coupon for booking dates, in cents', async () => {
    const { requests } = couponServer({
      'POST /api/coupons': ({ json }) =>
        Response.json({ ...coupons[1], ...(json as object), id: 'new' }, { status: 201 }),
    });
    renderApp('/coupons');
    const { user, dialog } = await openNewCoupon();

    await user.type(within(dialog).getByLabelText('Code'), 'TAKE10');
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'amount');
    await user.type(within(dialog).getByLabelText('Amount'), '10.50');
    await user.type(within(dialog).getByLabelText('Valid from'), '2026-06-01');
    await user.type(within(dialog).getByLabelText('Valid until'), '2026-06-30');
    await user.selectOptions(within(dialog).getByLabelText('Check the dates against'), 'booking');
    await user.type(within(dialog).getByLabelText(/^Maximum uses\(optional\)$/), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'POST')?.json).toMatchObject({
      code: 'TAKE10',
      kind: 'amount',
      percentBps: null,
      amount: 1_050,
      appliesTo: 'all',
      validFrom: '2026-06-01',
      validUntil: '2026-06-30',
      dateBasis: 'booking',
      maxUses: 50,
    });
  });

  it("shows the server's error under the code field, and keeps the dialog open", async () => {
    couponServer({
      'POST /api/coupons': () =>
        Response.json(
          {
            error: {
              code: 'validation_failed',
              message: 'Check the highlighted fields.',
              fields: { code: ['A coupon with this code already exists'] },
            },
          },
          { status: 400 },
        ),
    });
    renderApp('/coupons');
    const { user, dialog } = await openNewCoupon();

    await user.type(within(dialog).getByLabelText('Code'), 'summer10');
    await user.type(within(dialog).getByLabelText('Percent'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));

    const code = within(dialog).getByLabelText('Code');
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription('A coupon with this code already exists'),
    );
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'New coupon' })).toBeInTheDocument();
  });

  it('checks the form with the domain schema before sending', async () => {
    const { requests } = couponServer();
    renderApp('/coupons');
    const { user, dialog } = await openNewCoupon();

    const code = within(dialog).getByLabelText('Code');
    const percent = within(dialog).getByLabelText('Percent');
    await user.type(code, 'TEN OFF');
    await user.type(percent, '12.345');
    await user.selectOptions(within(dialog).getByLabelText('Applies to'), 'categories');
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));

    await waitFor(() =>
      expect(code).toHaveAccessibleDescription('Use letters, digits, dashes and underscores only'),
    );
    expect(percent).toHaveAccessibleDescription('Enter the percent with at most two decimals');

    // The rules between fields are checked once each field is right.
    await user.clear(code);
    await user.type(code, 'TENOFF');
    await user.clear(percent);
    await user.type(percent, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Create coupon' }));
    expect(await within(dialog).findByText('Choose at least one category')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('deactivates a coupon by sending only what changed', async () => {
    const { requests } = couponServer({
      [`PATCH /api/coupons/${ids.summer}`]: ({ json }) =>
        Response.json({ ...coupons[0], ...(json as object) }),
    });
    renderApp('/coupons');
    const user = userEvent.setup();

    const table = await couponTable();
    await user.click(within(table).getByRole('button', { name: 'Edit SUMMER10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit coupon' });
    expect(within(dialog).getByLabelText('Percent')).toHaveValue('10');
    expect(within(dialog).getByRole('checkbox', { name: 'Inflatables' })).toBeChecked();
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save coupon' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'PATCH')?.json).toEqual({ active: false });
    expect(await screen.findByText('Coupon SUMMER10 saved.')).toBeInTheDocument();
  });

  it('gives a user without coupons.write no way to create or edit', async () => {
    couponServer({}, READ_ONLY);
    renderApp('/coupons');

    const table = await couponTable();
    expect(rowOf(table, 'SUMMER10')).toHaveTextContent('10% off');
    // spec §2 Header: the page's action is shown, disabled, without write permission.
    expect(screen.getByRole('button', { name: 'New Coupon' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
  });

  it('offers to create the first coupon, only to a user who may', async () => {
    couponServer({ 'GET /api/coupons': () => Response.json({ coupons: [] }) });
    const { unmount } = renderApp('/coupons');
    const user = userEvent.setup();

    expect(await screen.findByText('No coupons yet', {}, PAGE_LOAD)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create a coupon' }));
    expect(await screen.findByRole('dialog', { name: 'New coupon' })).toBeInTheDocument();
    unmount();

    couponServer({ 'GET /api/coupons': () => Response.json({ coupons: [] }) }, READ_ONLY);
    renderApp('/coupons');
    expect(await screen.findByText('No coupons yet', {}, PAGE_LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create a coupon' })).not.toBeInTheDocument();
  });
});
