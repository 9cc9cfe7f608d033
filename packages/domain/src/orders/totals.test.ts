import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ORDER_SETTINGS, type OrderSettings, orderSettingsSchema } from './order-settings';
import { surfaceFee } from './surface-fees';
import {
  isDepositPaid,
  type OrderTotals,
  type OrderTotalsInput,
  orderTotals,
  orderTotalsSchema,
  type TotalsLine,
} from './totals';

// An account charging 8.25 % sales tax on surface fees and the waiver but not on delivery, a
// 10 % optional damage waiver, and a 25 % booking deposit of at least $50.
const settings: OrderSettings = {
  taxRateBps: 825,
  taxDeliveryFees: false,
  taxSurfaceFees: true,
  taxDamageWaiver: true,
  damageWaiver: { mode: 'optional', percentBps: 1_000 },
  deposit: { mode: 'percent', percentBps: 2_500, minimum: 5_000 },
};
const untaxed: OrderSettings = { ...settings, taxRateBps: 0 };

const product = (amount: number, more: Partial<TotalsLine & { kind: 'product' }> = {}) =>
  ({ kind: 'product', amount, taxable: true, securityDeposit: 0, ...more }) as const;
const fee = (
  kind: 'delivery' | 'surface' | 'extra_hours' | 'custom',
  amount: number,
  taxable = true,
) => ({ kind: 'fee', fee: kind, amount, taxable }) as const;
const discount = (amount: number) => ({ kind: 'discount', amount, label: 'Manual' }) as const;

// §5.2's castle: "up to 24 h $150, up to 48 h $225, up to 72 h $275".
const CASTLE_2_DAYS = 22_500;
const CASTLE_1_DAY = 15_000;

const totals = (more: Partial<OrderTotalsInput>): OrderTotals =>
  orderTotals({
    lines: [],
    settings,
    taxExempt: false,
    damageWaiverChosen: false,
    coupon: null,
    paid: 0,
    refunded: 0,
    securityDepositPaid: 0,
    securityDepositRefunded: 0,
    ...more,
  });

describe('order totals (§4 "Totals", §5.1)', () => {
  it.each([
    {
      name: 'one castle for two days, nothing else, no tax rate: the 48 h tier is the total',
      input: { lines: [product(CASTLE_2_DAYS)], settings: untaxed },
      expected: {
        rentalSubtotal: 22_500,
        fees: 0,
        damageWaiver: 0,
        discounts: 0,
        taxableBase: 22_500,
        tax: 0,
        total: 22_500,
      },
    },
    {
      name: 'delivery is a fee, untaxed where the account does not tax delivery',
      input: { lines: [product(CASTLE_2_DAYS), fee('delivery', 5_000)] },
      // tax 8.25 % of 225.00 = 18.5625 → 18.56
      expected: { fees: 5_000, taxableBase: 22_500, tax: 1_856, total: 29_356 },
    },
    {
      name: 'delivery taxed where the account taxes delivery fees',
      input: {
        lines: [product(CASTLE_2_DAYS), fee('delivery', 5_000)],
        settings: { ...settings, taxDeliveryFees: true },
      },
      // 8.25 % of 275.00 = 22.6875 → 22.69
      expected: { taxableBase: 27_500, tax: 2_269, total: 29_769 },
    },
    {
      name: 'a surface fee flat per order ($25) is a taxed fee line',
      input: {
        lines: [
          product(CASTLE_2_DAYS),
          fee('surface', surfaceFee({ amount: 2_500, per: 'order', taxable: true }, 3, 4)),
        ],
      },
      // 8.25 % of 250.00 = 20.625 → 20.63
      expected: { fees: 2_500, taxableBase: 25_000, tax: 2_063, total: 27_063 },
    },
    {
      name: 'a surface fee per unit ($20 × 3 castles)',
      input: {
        lines: [
          product(3 * CASTLE_1_DAY),
          fee('surface', surfaceFee({ amount: 2_000, per: 'unit', taxable: true }, 3, 4)),
        ],
        settings: untaxed,
      },
      expected: { rentalSubtotal: 45_000, fees: 6_000, total: 51_000 },
    },
    {
      name: 'a surface fee per anchor ($5 × 4 anchors × 2 castles), not taxable by its rule',
      input: {
        lines: [
          product(2 * CASTLE_1_DAY),
          fee('surface', surfaceFee({ amount: 500, per: 'anchor', taxable: false }, 2, 4), false),
        ],
      },
      // only the castles are taxed: 8.25 % of 300.00 = 24.75
      expected: { fees: 4_000, taxableBase: 30_000, tax: 2_475, total: 36_475 },
    },
    {
      name: 'a taxable surface fee is untaxed where the account does not tax surface fees',
      input: {
        lines: [product(CASTLE_1_DAY), fee('surface', 2_500)],
        settings: { ...settings, taxSurfaceFees: false },
      },
      expected: { taxableBase: 15_000, tax: 1_238 },
    },
    {
      name: 'extra-hour and custom fees follow their own taxable flag',
      input: {
        lines: [product(CASTLE_1_DAY), fee('extra_hours', 2_500), fee('custom', 1_000, false)],
      },
      // 8.25 % of 175.00 = 14.4375 → 14.44
      expected: { fees: 3_500, taxableBase: 17_500, tax: 1_444, total: 19_944 },
    },
    {
      name: 'optional damage waiver, kept: 10 % of the rental subtotal, taxed with it',
      input: { lines: [product(CASTLE_2_DAYS), fee('delivery', 5_000)], damageWaiverChosen: true },
      // waiver 22.50; tax 8.25 % of 247.50 = 20.41875 → 20.42
      expected: { damageWaiver: 2_250, taxableBase: 24_750, tax: 2_042, total: 31_792 },
    },
    {
      name: 'optional damage waiver, declined: none',
      input: { lines: [product(CASTLE_2_DAYS)], damageWaiverChosen: false },
      expected: { damageWaiver: 0 },
    },
    {
      name: 'mandatory damage waiver applies though the customer did not choose it',
      input: {
        lines: [product(CASTLE_2_DAYS)],
        damageWaiverChosen: false,
        settings: { ...untaxed, damageWaiver: { mode: 'mandatory' as const, percentBps: 1_100 } },
      },
      // 11 % of 225.00 = 24.75
      expected: { damageWaiver: 2_475, total: 24_975 },
    },
    {
      name: 'products exempt from the waiver are not in its base ("products may be exempt")',
      input: {
        lines: [product(CASTLE_2_DAYS), product(1_999, { damageWaiverExempt: true })],
        damageWaiverChosen: true,
        settings: untaxed,
      },
      expected: { rentalSubtotal: 24_499, damageWaiver: 2_250, total: 26_749 },
    },
    {
      name: 'the waiver is off when the account has it off, chosen or not',
      input: {
        lines: [product(CASTLE_2_DAYS)],
        damageWaiverChosen: true,
        settings: { ...settings, damageWaiver: { mode: 'off' as const, percentBps: 1_000 } },
      },
      expected: { damageWaiver: 0 },
    },
    {
      name: 'the waiver untaxed where the account does not tax it',
      input: {
        lines: [product(CASTLE_2_DAYS)],
        damageWaiverChosen: true,
        settings: { ...settings, taxDamageWaiver: false },
      },
      expected: { damageWaiver: 2_250, taxableBase: 22_500, tax: 1_856 },
    },
    {
      name: 'the waiver is rounded to the cent half up (10 % of $0.05 is 1 ¢)',
      input: { lines: [product(5)], damageWaiverChosen: true, settings: untaxed },
      expected: { damageWaiver: 1 },
    },
    {
      name: 'a product that is not taxable is not in the taxable base',
      input: { lines: [product(CASTLE_2_DAYS), product(4_000, { taxable: false })] },
      expected: { rentalSubtotal: 26_500, taxableBase: 22_500, tax: 1_856, total: 28_356 },
    },
    {
      name: 'a tax-exempt customer pays no tax',
      input: {
        lines: [product(CASTLE_2_DAYS), fee('surface', 2_500)],
        damageWaiverChosen: true,
        taxExempt: true,
      },
      expected: { taxableBase: 0, tax: 0, total: 27_250 },
    },
    {
      name: 'a percent coupon is taken off the rental subtotal before tax',
      input: {
        lines: [product(CASTLE_2_DAYS), fee('delivery', 5_000)],
        coupon: { kind: 'percent' as const, percentBps: 1_000 },
      },
      // coupon 22.50; tax 8.25 % of 202.50 = 16.70625 → 16.71
      expected: { discounts: 2_250, taxableBase: 20_250, tax: 1_671, total: 26_921 },
    },
    {
      name: 'a percent coupon does not discount fees or the waiver',
      input: {
        lines: [product(10_000), fee('surface', 10_000)],
        damageWaiverChosen: true,
        coupon: { kind: 'percent' as const, percentBps: 5_000 },
        settings: untaxed,
      },
      expected: { damageWaiver: 1_000, discounts: 5_000, total: 16_000 },
    },
    {
      name: 'an amount coupon worth more than the rentals takes off the rentals only',
      input: {
        lines: [product(CASTLE_1_DAY), fee('delivery', 5_000)],
        coupon: { kind: 'amount' as const, amount: 100_000 },
      },
      expected: { discounts: 15_000, taxableBase: 0, tax: 0, total: 5_000 },
    },
    {
      name: 'a coupon on taxable and untaxed products reduces the taxable base by its taxable share',
      input: {
        lines: [product(10_000), product(10_000, { taxable: false })],
        coupon: { kind: 'amount' as const, amount: 5_000 },
      },
      // half the rentals are taxable: 25.00 of the 50.00 off is off the taxable base
      expected: { discounts: 5_000, taxableBase: 7_500, tax: 619, total: 15_619 },
    },
    {
      name: 'a manual discount line is pre-tax',
      input: { lines: [product(CASTLE_2_DAYS), discount(2_500)] },
      // 8.25 % of 200.00 = 16.50
      expected: { discounts: 2_500, taxableBase: 20_000, tax: 1_650, total: 21_650 },
    },
    {
      name: 'a discount line stored negative still lowers the total',
      input: { lines: [product(CASTLE_2_DAYS), discount(-2_500)], settings: untaxed },
      expected: { discounts: 2_500, total: 20_000 },
    },
    {
      name: 'discounts never take the total below zero',
      input: {
        lines: [product(CASTLE_1_DAY), fee('delivery', 5_000), discount(999_999)],
        coupon: { kind: 'amount' as const, amount: 1_000 },
      },
      expected: { discounts: 20_000, taxableBase: 0, tax: 0, total: 0, depositDue: 0 },
    },
    {
      name: '"each line to cents, tax once on the order, half up": 5 % of 2 × $10.05 is $1.01',
      input: {
        lines: [product(1_005), product(1_005)],
        settings: { ...untaxed, taxRateBps: 500 },
      },
      // per line it would be 0.5025 + 0.5025 → 0.50 + 0.50; on the order 1.005 → 1.01
      expected: { taxableBase: 2_010, tax: 101, total: 2_111 },
    },
    {
      name: 'tax half up: 5 % of $10.10 is 50.5 ¢ → 51 ¢',
      input: { lines: [product(1_010)], settings: { ...untaxed, taxRateBps: 500 } },
      expected: { tax: 51 },
    },
    {
      name: 'deposit: 25 % of the total when it is above the $50 minimum',
      input: { lines: [product(CASTLE_2_DAYS), fee('delivery', 5_000)], settings: untaxed },
      expected: { total: 27_500, depositDue: 6_875 },
    },
    {
      name: 'deposit: the $50 minimum when 25 % is less',
      input: { lines: [product(CASTLE_1_DAY)], settings: untaxed },
      expected: { total: 15_000, depositDue: 5_000 },
    },
    {
      name: 'deposit: never more than the total',
      input: { lines: [product(3_000)], settings: untaxed },
      expected: { total: 3_000, depositDue: 3_000 },
    },
    {
      name: 'deposit: a fixed $50',
      input: {
        lines: [product(CASTLE_2_DAYS)],
        settings: { ...untaxed, deposit: { mode: 'fixed' as const, amount: 5_000 } },
      },
      expected: { depositDue: 5_000 },
    },
    {
      name: 'deposit: a fixed amount above the total is the total',
      input: {
        lines: [product(2_000)],
        settings: { ...untaxed, deposit: { mode: 'fixed' as const, amount: 5_000 } },
      },
      expected: { depositDue: 2_000 },
    },
    {
      name: 'deposit: none',
      input: {
        lines: [product(CASTLE_2_DAYS)],
        settings: { ...untaxed, deposit: { mode: 'none' as const } },
      },
      expected: { depositDue: 0 },
    },
    {
      name: 'the security deposit is the sum of the products’ and stays out of total and balance',
      input: {
        lines: [
          product(CASTLE_2_DAYS, { securityDeposit: 10_000 }),
          product(4_000, { securityDeposit: 2_500 }),
        ],
        settings: untaxed,
        securityDepositPaid: 10_000,
      },
      expected: {
        total: 26_500,
        securityDeposit: 12_500,
        securityDepositHeld: 10_000,
        securityDepositDue: 2_500,
        balance: 26_500,
        paymentStatus: 'unpaid',
      },
    },
    {
      name: 'a refunded security deposit is no longer held, and not due again',
      input: {
        lines: [product(CASTLE_2_DAYS, { securityDeposit: 10_000 })],
        settings: untaxed,
        securityDepositPaid: 10_000,
        securityDepositRefunded: 10_000,
      },
      expected: { securityDepositHeld: 0, securityDepositDue: 0 },
    },
  ])('$name', ({ input, expected }) => {
    expect(totals(input)).toMatchObject(expected);
  });
});

describe('payments and payment status (§4: unpaid, deposit_paid, partially_paid, paid, overpaid)', () => {
  // total $275.00, deposit due $68.75
  const lines = [product(CASTLE_2_DAYS), fee('delivery', 5_000)];
  it.each([
    { name: 'nothing paid', paid: 0, refunded: 0, balance: 27_500, status: 'unpaid' },
    {
      name: 'less than the deposit',
      paid: 5_000,
      refunded: 0,
      balance: 22_500,
      status: 'partially_paid',
    },
    {
      name: 'the deposit exactly',
      paid: 6_875,
      refunded: 0,
      balance: 20_625,
      status: 'deposit_paid',
    },
    {
      name: 'more than the deposit',
      paid: 20_000,
      refunded: 0,
      balance: 7_500,
      status: 'deposit_paid',
    },
    { name: 'all of it', paid: 27_500, refunded: 0, balance: 0, status: 'paid' },
    { name: 'more than all of it', paid: 30_000, refunded: 0, balance: -2_500, status: 'overpaid' },
    {
      name: 'overpaid, then the difference refunded',
      paid: 30_000,
      refunded: 2_500,
      balance: 0,
      status: 'paid',
    },
    {
      name: 'paid, then all refunded',
      paid: 27_500,
      refunded: 27_500,
      balance: 27_500,
      status: 'unpaid',
    },
  ])('$name: balance $balance, $status', ({ paid, refunded, balance, status }) => {
    const result = totals({ lines, settings: untaxed, paid, refunded });
    expect(result).toMatchObject({ total: 27_500, depositDue: 6_875, paid, refunded, balance });
    expect(result.paymentStatus).toBe(status);
  });

  it('with no deposit policy, a part payment is partially paid', () => {
    const noDeposit = { ...untaxed, deposit: { mode: 'none' as const } };
    expect(totals({ lines, settings: noDeposit, paid: 20_000 }).paymentStatus).toBe(
      'partially_paid',
    );
  });

  it('an order that costs nothing is paid', () => {
    expect(totals({ lines: [] }).paymentStatus).toBe('paid');
  });

  it('the deposit counts as paid once the rental money kept covers it', () => {
    const owed = totals({ lines, settings: untaxed, paid: 6_874 });
    const covered = totals({ lines, settings: untaxed, paid: 7_000, refunded: 125 });
    expect(isDepositPaid(owed)).toBe(false);
    expect(isDepositPaid(covered)).toBe(true);
    expect(isDepositPaid(totals({ lines: [], settings: untaxed }))).toBe(true);
  });
});

describe('order settings (§2)', () => {
  it('stored settings missing fields read as the defaults', () => {
    expect(orderSettingsSchema.parse({})).toEqual(DEFAULT_ORDER_SETTINGS);
    expect(orderSettingsSchema.parse({ taxRateBps: 825 }).taxRateBps).toBe(825);
  });

  it.each([
    { input: { taxRateBps: 10_001 }, message: 'A tax rate cannot be more than 100 %' },
    { input: { taxRateBps: -1 }, message: 'A tax rate cannot be negative' },
    { input: { taxRateBps: 8.255 }, message: 'Enter a tax rate in whole hundredths of a percent' },
    {
      input: { deposit: { mode: 'percent', percentBps: 2_500, minimum: -1 } },
      message: 'Amounts cannot be negative',
    },
    {
      input: { damageWaiver: { mode: 'optional', percentBps: 20_000 } },
      message: 'A damage waiver percentage cannot be more than 100 %',
    },
  ])('refuses $input with "$message"', ({ input, message }) => {
    const result = orderSettingsSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('totals properties', () => {
  const amount = fc.integer({ min: 0, max: 5_000_000 });
  const arbLine: fc.Arbitrary<TotalsLine> = fc.oneof(
    fc.record({
      kind: fc.constant('product' as const),
      amount,
      taxable: fc.boolean(),
      securityDeposit: fc.integer({ min: 0, max: 50_000 }),
      damageWaiverExempt: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant('fee' as const),
      fee: fc.constantFrom(
        'delivery' as const,
        'surface' as const,
        'extra_hours' as const,
        'custom' as const,
      ),
      amount,
      taxable: fc.boolean(),
    }),
    fc.record({
      kind: fc.constant('discount' as const),
      amount: fc.integer({ min: -100_000, max: 100_000 }),
      label: fc.constant('Manual'),
    }),
  );
  const bps = fc.integer({ min: 0, max: 10_000 });
  const arbSettings: fc.Arbitrary<OrderSettings> = fc.record({
    taxRateBps: fc.integer({ min: 0, max: 2_000 }),
    taxDeliveryFees: fc.boolean(),
    taxSurfaceFees: fc.boolean(),
    taxDamageWaiver: fc.boolean(),
    damageWaiver: fc.record({
      mode: fc.constantFrom('off' as const, 'optional' as const, 'mandatory' as const),
      percentBps: bps,
    }),
    deposit: fc.oneof(
      fc.constant({ mode: 'none' as const }),
      fc.record({ mode: fc.constant('fixed' as const), amount }),
      fc.record({ mode: fc.constant('percent' as const), percentBps: bps, minimum: amount }),
    ),
  });
  const arbCoupon = fc.option(
    fc.oneof(
      fc.record({ kind: fc.constant('percent' as const), percentBps: bps }),
      fc.record({ kind: fc.constant('amount' as const), amount }),
    ),
  );
  const arbInput: fc.Arbitrary<OrderTotalsInput> = fc.record({
    lines: fc.array(arbLine, { maxLength: 12 }),
    settings: arbSettings,
    taxExempt: fc.boolean(),
    damageWaiverChosen: fc.boolean(),
    coupon: arbCoupon,
    paid: amount,
    refunded: fc.integer({ min: 0, max: 1_000_000 }),
    securityDepositPaid: amount,
    securityDepositRefunded: fc.integer({ min: 0, max: 1_000_000 }),
  });

  it('total = rental subtotal + fees + damage waiver − discounts + tax', () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        const t = orderTotals(input);
        expect(t.total).toBe(t.rentalSubtotal + t.fees + t.damageWaiver - t.discounts + t.tax);
        expect(t.balance).toBe(t.total - (input.paid - input.refunded));
      }),
    );
  });

  it('every amount is whole cents and matches the schema; none is negative but the balance', () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        const t = orderTotals(input);
        expect(orderTotalsSchema.parse(t)).toEqual(t);
        for (const [key, value] of Object.entries(t)) {
          if (typeof value !== 'number') continue;
          expect(Number.isSafeInteger(value), key).toBe(true);
          if (key !== 'balance' && key !== 'securityDepositHeld')
            expect(value, key).toBeGreaterThanOrEqual(0);
        }
        expect(t.discounts).toBeLessThanOrEqual(t.rentalSubtotal + t.fees + t.damageWaiver);
        expect(t.depositDue).toBeLessThanOrEqual(t.total);
        expect(t.taxableBase).toBeLessThanOrEqual(t.total - t.tax);
      }),
    );
  });

  it('a tax-exempt customer pays no tax, and a coupon never raises the total', () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        expect(orderTotals({ ...input, taxExempt: true }).tax).toBe(0);
        expect(orderTotals(input).total).toBeLessThanOrEqual(
          orderTotals({ ...input, coupon: null }).total,
        );
      }),
    );
  });
});
