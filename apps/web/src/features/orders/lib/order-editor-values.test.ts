import { describe, expect, it } from 'vitest';
import {
  editorValuesOf,
  instantOf,
  newEditorValues,
  orderBodyOf,
  orderPatchOf,
  pricedAdjustmentsOf,
} from './order-editor-values';

describe('the order editor’s values', () => {
  it('reads a local date and time as an instant, and nothing while either is incomplete', () => {
    expect(instantOf('2027-06-12', '15:30')).toBe(new Date(2027, 5, 12, 15, 30).toISOString());
    expect(instantOf('2027-06-12', '')).toBeNull();
    expect(instantOf('', '10:00')).toBeNull();
  });

  it('sends the API body: windows on the event’s days, tags split, a blank address as none', () => {
    const values = {
      ...newEditorValues(new Date(2027, 5, 11)),
      customer: { id: 'c1', name: 'Rosa Diaz' },
      deliveryFrom: '08:00',
      deliveryTo: '10:00',
      tags: ' vip, school ,, ',
      lines: [{ productId: 'p1', name: 'Castle', quantity: 2 }],
    };
    const body = orderBodyOf(values);
    expect(body).toMatchObject({
      customerId: 'c1',
      eventStart: new Date(2027, 5, 12, 10, 0).toISOString(),
      eventEnd: new Date(2027, 5, 12, 18, 0).toISOString(),
      address: null,
      deliveryWindow: {
        start: new Date(2027, 5, 12, 8, 0).toISOString(),
        end: new Date(2027, 5, 12, 10, 0).toISOString(),
      },
      pickupWindow: null,
      tags: ['vip', 'school'],
      lines: [{ productId: 'p1', quantity: 2 }],
    });
  });

  it('patches only what changed', () => {
    const before = { ...newEditorValues(new Date(2027, 5, 11)), customer: { id: 'c1', name: 'R' } };
    const after = { ...before, lines: [{ productId: 'p1', name: 'Castle', quantity: 1 }] };
    expect(Object.keys(orderPatchOf(before, after))).toEqual(['lines']);
    expect(orderPatchOf(before, { ...before })).toEqual({});
  });

  it('sends a coupon code trimmed, a blank one as none, and removing it as a change to null', () => {
    const before = {
      ...newEditorValues(new Date(2027, 5, 11)),
      customer: { id: 'c1', name: 'R' },
      couponCode: ' summer10 ',
    };
    expect(orderBodyOf(before).couponCode).toBe('summer10');
    expect(orderPatchOf(before, { ...before, couponCode: '  ' })).toEqual({ couponCode: null });
  });

  it('sends fees and discounts in cents, and prices only the complete ones', () => {
    const values = {
      ...newEditorValues(new Date(2027, 5, 11)),
      fees: [
        { description: ' Stairs ', amount: '25', taxable: false },
        { description: 'Fuel', amount: '', taxable: true },
      ],
      discounts: [{ description: 'School', amount: '1,000.50' }],
    };
    const body = orderBodyOf(values);
    expect(body.fees?.[0]).toEqual({ description: 'Stairs', amount: 2_500, taxable: false });
    expect(body.fees?.[1]?.amount).toBeNaN();
    expect(body.discounts).toEqual([{ description: 'School', amount: 100_050 }]);
    expect(pricedAdjustmentsOf(values)).toEqual({
      fees: [{ description: 'Stairs', amount: 2_500, taxable: false }],
      discounts: [{ description: 'School', amount: 100_050 }],
    });
  });

  it("types amounts as the account writes money: de-DE's comma, and yen without minor units", () => {
    const de = { locale: 'de-DE', currency: 'EUR' };
    const values = {
      ...newEditorValues(new Date(2027, 5, 11)),
      fees: [{ description: 'Treppen', amount: '1.250,50', taxable: true }],
      discounts: [{ description: 'Schule', amount: '12,5' }],
    };
    expect(orderBodyOf(values, de)).toMatchObject({
      fees: [{ amount: 125_050 }],
      discounts: [{ amount: 1_250 }],
    });
    // In en-US the comma groups thousands: the same text is 125.00, which is why it matters.
    expect(orderBodyOf(values).discounts?.[0]?.amount).toBe(12_500);
    expect(
      orderBodyOf(
        { ...values, fees: [{ description: 'Fee', amount: '1500', taxable: true }] },
        {
          locale: 'ja-JP',
          currency: 'JPY',
        },
      ).fees?.[0]?.amount,
    ).toBe(1_500);

    // An order's own fees come back into the boxes with the locale's separator.
    const order = {
      eventStart: '2027-06-12T15:00:00.000Z',
      eventEnd: '2027-06-12T23:00:00.000Z',
      fulfilment: 'pickup',
      customer: null,
      address: null,
      lines: [
        {
          kind: 'fee',
          custom: true,
          description: 'Treppen',
          amount: 125_050,
          taxable: true,
          quantity: 1,
        },
        { kind: 'discount', custom: true, description: 'Schule', amount: -1_250, quantity: 1 },
      ],
      notes: {},
      tags: [],
    } as unknown as Parameters<typeof editorValuesOf>[0];
    const back = editorValuesOf(order, de);
    expect(back.fees[0]?.amount).toBe('1250,50');
    expect(back.discounts[0]?.amount).toBe('12,50');
    expect(editorValuesOf(order).fees[0]?.amount).toBe('1250.50');
  });
});
