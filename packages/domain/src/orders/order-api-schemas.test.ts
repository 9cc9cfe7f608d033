import { describe, expect, it } from 'vitest';
import {
  orderInputSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderPatchSchema,
  orderResponseSchema,
  orderTransitionSchema,
} from './order-api-schemas';
import { DEFAULT_ORDER_SETTINGS } from './order-settings';
import { orderTotals } from './totals';

const CUSTOMER = '7d3c1f0e-2b8a-4c8e-9f61-0a1b2c3d4e5f';
const CASTLE = '1b2c3d4e-5f60-4718-8a9b-0c1d2e3f4a5b';

const minimal = {
  customerId: CUSTOMER,
  eventStart: '2026-06-13T10:00:00-05:00',
  eventEnd: '2026-06-13T18:00:00-05:00',
  fulfilment: 'delivery',
};

function firstIssue(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  expect(result.success).toBe(false);
  const issue = result.error?.issues[0];
  return { path: issue?.path.join('.'), message: issue?.message };
}

describe('order input (API appendix: POST /api/orders)', () => {
  it('fills what a new order leaves out: no lines, no address, the damage waiver kept', () => {
    expect(orderInputSchema.parse(minimal)).toEqual({
      ...minimal,
      address: null,
      surfaceId: null,
      deliveryWindow: null,
      pickupWindow: null,
      lines: [],
      couponCode: null,
      fees: [],
      discounts: [],
      damageWaiver: true,
      taxExempt: false,
      notes: { internal: null, customer: null },
      referralSource: null,
      tags: [],
    });
  });

  it('takes a whole order', () => {
    const order = orderInputSchema.parse({
      ...minimal,
      address: {
        line1: ' 12 Elm St ',
        line2: '',
        city: 'Naperville',
        region: 'IL',
        postalCode: '60540',
        lat: 41.77,
        lng: -88.15,
      },
      surfaceId: CASTLE,
      deliveryWindow: { start: '2026-06-13T07:00:00-05:00', end: '2026-06-13T09:00:00-05:00' },
      pickupWindow: { start: '2026-06-13T18:00:00-05:00', end: '2026-06-13T20:00:00-05:00' },
      lines: [{ productId: CASTLE, quantity: 2, manualPrice: 20_000 }],
      couponCode: ' SUMMER10 ',
      damageWaiver: false,
      notes: { internal: 'Gate code 4411', customer: '' },
      referralSource: 'phone call',
      tags: ['VIP', 'vip', 'school'],
    });
    expect(order.address).toEqual({
      line1: '12 Elm St',
      line2: null,
      city: 'Naperville',
      region: 'IL',
      postalCode: '60540',
      lat: 41.77,
      lng: -88.15,
    });
    expect(order.lines).toEqual([{ productId: CASTLE, quantity: 2, manualPrice: 20_000 }]);
    expect(order.couponCode).toBe('SUMMER10');
    expect(order.notes).toEqual({ internal: 'Gate code 4411', customer: null });
    expect(order.tags).toEqual(['VIP', 'school']);
  });

  it.each([
    {
      name: 'an event that ends before it starts',
      input: { ...minimal, eventEnd: '2026-06-13T09:00:00-05:00' },
      expected: { path: 'eventEnd', message: 'The event must end after it starts' },
    },
    {
      name: 'an event that ends when it starts',
      input: { ...minimal, eventEnd: minimal.eventStart },
      expected: { path: 'eventEnd', message: 'The event must end after it starts' },
    },
    {
      name: 'a time without its offset',
      input: { ...minimal, eventStart: '2026-06-13T10:00:00' },
      expected: {
        path: 'eventStart',
        message: 'Enter when the event starts as a date and time',
      },
    },
    {
      name: 'no customer',
      input: { ...minimal, customerId: undefined },
      expected: { path: 'customerId', message: 'Choose a customer' },
    },
    {
      name: 'a fulfilment that is neither',
      input: { ...minimal, fulfilment: 'drone' },
      expected: { path: 'fulfilment', message: 'Choose delivery or pickup' },
    },
    {
      name: 'a line of no units',
      input: { ...minimal, lines: [{ productId: CASTLE, quantity: 0 }] },
      expected: { path: 'lines.0.quantity', message: 'Quantity must be at least 1' },
    },
    {
      name: 'a line of half a unit',
      input: { ...minimal, lines: [{ productId: CASTLE, quantity: 1.5 }] },
      expected: { path: 'lines.0.quantity', message: 'Quantity must be a whole number' },
    },
    {
      name: 'a line without a product',
      input: { ...minimal, lines: [{ productId: 'castle', quantity: 1 }] },
      expected: { path: 'lines.0.productId', message: 'Choose a product' },
    },
    {
      name: 'a manual price in fractions of a cent',
      input: { ...minimal, lines: [{ productId: CASTLE, quantity: 1, manualPrice: 99.5 }] },
      expected: { path: 'lines.0.manualPrice', message: 'Amounts are whole cents' },
    },
    {
      name: 'a delivery window that ends before it starts',
      input: {
        ...minimal,
        deliveryWindow: { start: '2026-06-13T09:00:00-05:00', end: '2026-06-13T07:00:00-05:00' },
      },
      expected: { path: 'deliveryWindow.end', message: 'The window must end after it starts' },
    },
    {
      name: 'an address without a street',
      input: {
        ...minimal,
        address: { line1: ' ', city: 'Naperville', region: 'IL', postalCode: '60540' },
      },
      expected: { path: 'address.line1', message: 'Enter the street address' },
    },
    {
      name: 'a latitude off the globe',
      input: {
        ...minimal,
        address: { line1: '1 A St', city: 'X', region: 'IL', postalCode: '1', lat: 91 },
      },
      expected: { path: 'address.lat', message: 'Latitude is between -90 and 90' },
    },
    {
      name: 'a blank tag',
      input: { ...minimal, tags: ['  '] },
      expected: { path: 'tags.0', message: 'A tag cannot be blank' },
    },
  ])('refuses $name', ({ input, expected }) => {
    expect(firstIssue(orderInputSchema.safeParse(input))).toEqual(expected);
  });
});

describe('order patch (PATCH /api/orders/{id})', () => {
  it('changes only what it names, and null clears', () => {
    expect(orderPatchSchema.parse({ tags: ['rain date'], surfaceId: null })).toEqual({
      tags: ['rain date'],
      surfaceId: null,
    });
    expect(orderPatchSchema.parse({})).toEqual({});
  });

  it('changes one note without clearing the other', () => {
    expect(orderPatchSchema.parse({ notes: { internal: 'Gate code 4411' } })).toEqual({
      notes: { internal: 'Gate code 4411' },
    });
    expect(orderPatchSchema.parse({ notes: { customer: '' } })).toEqual({
      notes: { customer: null },
    });
  });

  it('still refuses an event that ends before it starts when both are sent', () => {
    const result = orderPatchSchema.safeParse({
      eventStart: '2026-06-13T10:00:00-05:00',
      eventEnd: '2026-06-12T10:00:00-05:00',
    });
    expect(firstIssue(result)).toEqual({
      path: 'eventEnd',
      message: 'The event must end after it starts',
    });
  });
});

describe('order transition (POST /api/orders/{id}/transitions)', () => {
  it('takes a status and a reason', () => {
    expect(orderTransitionSchema.parse({ to: 'cancelled', reason: ' Rained out ' })).toEqual({
      to: 'cancelled',
      reason: 'Rained out',
    });
  });
  it('refuses a status the machine does not have', () => {
    expect(firstIssue(orderTransitionSchema.safeParse({ to: 'archived' }))).toEqual({
      path: 'to',
      message: 'Choose the status to move the order to',
    });
  });
});

describe('order responses', () => {
  const totals = orderTotals({
    lines: [{ kind: 'product', amount: 22_500, taxable: true, securityDeposit: 10_000 }],
    settings: DEFAULT_ORDER_SETTINGS,
    taxExempt: false,
    damageWaiverChosen: false,
    paid: 0,
    refunded: 0,
    securityDepositPaid: 0,
    securityDepositRefunded: 0,
  });
  const order = {
    id: 'o1',
    number: 1042,
    status: 'reserved',
    customer: { id: CUSTOMER, name: 'Rosa Diaz' },
    eventStart: '2026-06-13T10:00:00-05:00',
    eventEnd: '2026-06-14T10:00:00-05:00',
    fulfilment: 'delivery',
    address: null,
    surfaceId: null,
    deliveryWindow: null,
    pickupWindow: null,
    holdExpiresAt: null,
    damageWaiver: true,
    taxExempt: false,
    changesSinceSigned: [],
    lines: [
      {
        id: 'l1',
        kind: 'product',
        productId: CASTLE,
        description: 'Castle',
        quantity: 1,
        unitAmount: 22_500,
        amount: 22_500,
        explanation: '2 days: 48 h tier',
        reservedFrom: '2026-06-13T14:00:00.000Z',
        reservedUntil: '2026-06-14T17:00:00.000Z',
        parentLineId: null,
        custom: false,
        taxable: null,
      },
    ],
    totals,
    paymentStatus: totals.paymentStatus,
    notes: { internal: null, customer: null },
    tags: [],
    referralSource: null,
    couponCode: null,
    createdAt: '2026-06-01T12:00:00.000Z',
  };

  it('an order with totals from orderTotals parses as it is', () => {
    expect(orderResponseSchema.parse({ order })).toEqual({ order });
  });

  it('refuses totals in fractions of a cent', () => {
    const result = orderResponseSchema.safeParse({
      order: { ...order, totals: { ...totals, tax: 0.5 } },
    });
    expect(result.success).toBe(false);
  });

  it('a list row carries the figures the list shows', () => {
    const list = {
      orders: [
        {
          id: 'o1',
          number: 1042,
          status: 'reserved',
          customerName: 'Rosa Diaz',
          eventStart: order.eventStart,
          total: 22_500,
          balance: 22_500,
          paymentStatus: 'unpaid',
        },
      ],
      total: 1,
      totalAmount: 22_500,
      page: 1,
      pageSize: 25,
    };
    expect(orderListResponseSchema.parse(list)).toEqual(list);
  });
});

describe('order list query (GET /api/orders)', () => {
  it('defaults: every status, first page of 25, newest events first', () => {
    expect(orderListQuerySchema.parse({})).toEqual({
      search: '',
      page: 1,
      pageSize: 25,
      sort: 'eventStart',
      order: 'desc',
    });
  });

  it('reads URL search params: a status or attention, numbers as text', () => {
    expect(
      orderListQuerySchema.parse({ status: 'attention', page: '3', pageSize: '50' }),
    ).toMatchObject({ status: 'attention', page: 3, pageSize: 50 });
    expect(orderListQuerySchema.parse({ status: 'hold' }).status).toBe('hold');
  });

  it.each([
    {
      name: 'an unknown status',
      input: { status: 'lost' },
      expected: { path: 'status', message: 'Unknown status' },
    },
    {
      name: 'a range that ends before it starts',
      input: { from: '2026-06-30T00:00:00-05:00', to: '2026-06-01T00:00:00-05:00' },
      expected: { path: 'to', message: 'The end of the range must be after its start' },
    },
  ])('refuses $name', ({ input, expected }) => {
    expect(firstIssue(orderListQuerySchema.safeParse(input))).toEqual(expected);
  });
});
