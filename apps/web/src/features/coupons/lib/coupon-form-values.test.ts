import { type CouponRules, couponInputSchema } from '@tentpole/domain';
import { describe, expect, it } from 'vitest';
import {
  couponFormField,
  couponFormValues,
  couponInputOf,
  couponPatchOf,
} from './coupon-form-values';

const summer: CouponRules = {
  code: 'SUMMER10',
  description: 'Summer',
  kind: 'percent',
  percentBps: 1250,
  amount: null,
  appliesTo: 'categories',
  categoryIds: ['00000000-0000-4000-8000-0000000000a1'],
  productIds: [],
  minimumSubtotal: 10_000,
  validFrom: '2026-06-01',
  validUntil: null,
  dateBasis: 'booking',
  maxUses: 10,
  maxUsesPerCustomer: null,
  newCustomersOnly: false,
  channel: 'staff',
  active: true,
};

describe('the coupon form', () => {
  it("gives back a coupon's own rules when nothing is changed", () => {
    const input = couponInputSchema.parse(couponInputOf(couponFormValues(summer)));
    expect(input).toEqual(summer);
    expect(couponPatchOf(input, summer)).toEqual({});
  });

  it("sends only the chosen kind's value and the chosen scope's targets", () => {
    const values = {
      ...couponFormValues(summer),
      kind: 'amount' as const,
      amount: 2_500,
      appliesTo: 'products' as const,
    };
    expect(couponInputOf(values)).toMatchObject({
      percentBps: null,
      amount: 2_500,
      categoryIds: [],
      productIds: [],
    });
    // Free delivery takes off the delivery fees: it has no scope.
    expect(couponInputOf({ ...values, kind: 'free_delivery' })).toMatchObject({
      amount: null,
      appliesTo: 'all',
    });
  });

  it('reads empty boxes as no limit, no minimum and no dates', () => {
    expect(couponInputOf(couponFormValues())).toMatchObject({
      minimumSubtotal: 0,
      maxUses: null,
      maxUsesPerCustomer: null,
      validFrom: null,
      validUntil: null,
    });
  });

  it('patches what changed, and only that', () => {
    const input = couponInputSchema.parse(
      couponInputOf({ ...couponFormValues(summer), active: false, maxUses: '20' }),
    );
    expect(couponPatchOf(input, summer)).toEqual({ active: false, maxUses: 20 });
  });

  it.each([
    ['percentBps', 'percent'],
    ['validFrom', 'validity'],
    ['validUntil', 'validity'],
    ['categoryIds.3', 'categoryIds'],
    ['code', 'code'],
    ['somethingElse', null],
  ])("shows the problem with '%s' on the %s field", (key, field) => {
    expect(couponFormField(key)).toBe(field);
  });
});
