import { z } from 'zod';
import { mulDivHalfUp, percentOf } from '../money/percent-of';
import type { OrderSettings } from './order-settings';

/**
 * back-office spec §4 "Totals" and §5.1: the one pure function every order's money comes from.
 * All amounts are integer cents.
 *
 * - Rental subtotal: the product lines (each already its price × quantity, to the cent).
 * - Fees: delivery, surface, extra hours and custom fee lines. The damage waiver is its own
 *   figure, a percent of the rental subtotal of the products not exempt from it: always when
 *   mandatory, when optional only if the customer kept it.
 * - Discounts are pre-tax. A coupon discounts the rental subtotal of the lines it applies to
 *   (§9: the whole rental subtotal, or the products of some categories or some products, which
 *   the caller resolves to `productIds`): a percent coupon is that percent of it and no coupon
 *   is worth more than it. A free-delivery coupon takes off the delivery fees. Discount lines (manual or coupon lines already on the order) come off what is
 *   left, so no discount takes the total below zero. A discount line's amount is its size: a
 *   discount always lowers the total, whichever sign it was stored with.
 * - Taxable base: the taxable products, taxable fees (a delivery or surface fee is taxed only
 *   when both its line and the account's setting say so) and the damage waiver if the account
 *   taxes it, less the discounts' share of them: a coupon's share is the taxable part of the
 *   rental subtotal, a discount line's share the taxable part of what it came off. Shares are
 *   rounded half up. A tax-exempt customer has no taxable base.
 * - Tax: once on the order, half up ("Rounding: each line to cents, tax once on the order,
 *   half up").
 * - Total = rental subtotal + fees + damage waiver − discounts + tax.
 * - Booking deposit due (§2): none; fixed; or percent of the total but at least the minimum,
 *   never more than the total.
 * - The refundable security deposit (the sum of the product lines' deposits) is money apart:
 *   not in the total, not in the balance.
 * - Balance = total − (paid − refunded) of rental money; negative when overpaid. Store credit
 *   applied to the order is a payment (§4 "Payments").
 * - Payment status: `overpaid` above the total, `paid` at it (an order that costs nothing is
 *   paid), `unpaid` with nothing kept, `deposit_paid` with the booking deposit covered, else
 *   `partially_paid`.
 */

export type TotalsLine =
  | {
      kind: 'product';
      /** Which product the line rents: a coupon for some products reads it. */
      productId?: string;
      amount: number;
      taxable: boolean;
      securityDeposit: number;
      damageWaiverExempt?: boolean;
    }
  | {
      kind: 'fee';
      fee: 'delivery' | 'surface' | 'extra_hours' | 'custom';
      amount: number;
      taxable: boolean;
    }
  | { kind: 'discount'; amount: number; label: string };

/**
 * A coupon as the totals apply it (the rules that decide whether it applies are
 * `checkCoupon`'s). `productIds`: the products it discounts; left out or null, all of them.
 */
export type Coupon =
  | { kind: 'percent'; percentBps: number; productIds?: readonly string[] | null }
  | { kind: 'amount'; amount: number; productIds?: readonly string[] | null }
  | { kind: 'free_delivery' };

export type OrderTotalsInput = {
  lines: TotalsLine[];
  settings: OrderSettings;
  taxExempt: boolean;
  damageWaiverChosen: boolean;
  coupon?: Coupon | null;
  /** Rental money received and refunded. */
  paid: number;
  refunded: number;
  /** Security-deposit money received and refunded (or released). */
  securityDepositPaid: number;
  securityDepositRefunded: number;
};

export const PAYMENT_STATUSES = [
  'unpaid',
  'deposit_paid',
  'partially_paid',
  'paid',
  'overpaid',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export const PAYMENT_STATUS_LABELS: Readonly<Record<PaymentStatus, string>> = {
  unpaid: 'Unpaid',
  deposit_paid: 'Deposit paid',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  overpaid: 'Overpaid',
};

const cents = z.number().int();

export const orderTotalsSchema = z.object({
  rentalSubtotal: cents,
  fees: cents,
  damageWaiver: cents,
  discounts: cents,
  taxableBase: cents,
  tax: cents,
  total: cents,
  depositDue: cents,
  securityDeposit: cents,
  paid: cents,
  refunded: cents,
  balance: cents,
  paymentStatus: paymentStatusSchema,
  /** Security deposit received less refunded: what the business holds. */
  securityDepositHeld: cents.default(0),
  /** Security deposit still to collect: what the lines ask less what was received. */
  securityDepositDue: cents.default(0),
  /** The coupon's part of `discounts` (the coupon report's "discount given"). */
  couponDiscount: cents.default(0),
});
export type OrderTotals = z.output<typeof orderTotalsSchema>;

const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);

function feeTaxable(line: Extract<TotalsLine, { kind: 'fee' }>, settings: OrderSettings): boolean {
  if (!line.taxable) return false;
  if (line.fee === 'delivery') return settings.taxDeliveryFees;
  if (line.fee === 'surface') return settings.taxSurfaceFees;
  return true;
}

function damageWaiverAmount(input: OrderTotalsInput, products: ProductLine[]): number {
  const { mode, percentBps } = input.settings.damageWaiver;
  if (mode === 'off' || (mode === 'optional' && !input.damageWaiverChosen)) return 0;
  const base = sum(products.filter((p) => !p.damageWaiverExempt).map((p) => p.amount));
  return percentOf(base, percentBps);
}

function depositDue(settings: OrderSettings, total: number): number {
  const policy = settings.deposit;
  switch (policy.mode) {
    case 'none':
      return 0;
    case 'fixed':
      return Math.min(policy.amount, total);
    case 'percent':
      return Math.min(total, Math.max(policy.minimum, percentOf(total, policy.percentBps)));
  }
}

function paymentStatus(total: number, net: number, deposit: number): PaymentStatus {
  if (net > total) return 'overpaid';
  if (net === total) return 'paid';
  if (net <= 0) return 'unpaid';
  if (deposit > 0 && net >= deposit) return 'deposit_paid';
  return 'partially_paid';
}

/** `part × share / whole`, half up; nothing when there is no whole. */
const shareOf = (part: number, share: number, whole: number) =>
  whole > 0 ? mulDivHalfUp(part, share, whole) : 0;

type ProductLine = Extract<TotalsLine, { kind: 'product' }>;
type FeeLine = Extract<TotalsLine, { kind: 'fee' }>;
type DiscountLine = Extract<TotalsLine, { kind: 'discount' }>;

/** What a coupon takes off, and the taxable part of that (the share of what it came off). */
function couponPart(
  coupon: Coupon | null,
  products: ProductLine[],
  feeLines: FeeLine[],
  settings: OrderSettings,
): { couponDiscount: number; couponTaxable: number } {
  if (!coupon) return { couponDiscount: 0, couponTaxable: 0 };
  if (coupon.kind === 'free_delivery') {
    const delivery = feeLines.filter((f) => f.fee === 'delivery');
    const couponDiscount = sum(delivery.map((f) => f.amount));
    const taxable = sum(delivery.filter((f) => feeTaxable(f, settings)).map((f) => f.amount));
    return { couponDiscount, couponTaxable: taxable };
  }
  const only = coupon.productIds ? new Set(coupon.productIds) : null;
  const eligible = only
    ? products.filter((p) => p.productId !== undefined && only.has(p.productId))
    : products;
  const base = sum(eligible.map((p) => p.amount));
  const taxableBase = sum(eligible.filter((p) => p.taxable).map((p) => p.amount));
  const wanted = coupon.kind === 'percent' ? percentOf(base, coupon.percentBps) : coupon.amount;
  const couponDiscount = Math.max(0, Math.min(wanted, base));
  return { couponDiscount, couponTaxable: shareOf(couponDiscount, taxableBase, base) };
}

export function orderTotals(input: OrderTotalsInput): OrderTotals {
  const { settings } = input;
  const products = input.lines.filter((l): l is ProductLine => l.kind === 'product');
  const feeLines = input.lines.filter((l): l is FeeLine => l.kind === 'fee');
  const discountLines = input.lines.filter((l): l is DiscountLine => l.kind === 'discount');

  const rentalSubtotal = sum(products.map((p) => p.amount));
  const fees = sum(feeLines.map((f) => f.amount));
  const damageWaiver = damageWaiverAmount(input, products);
  const beforeDiscounts = rentalSubtotal + fees + damageWaiver;

  const taxableRental = sum(products.filter((p) => p.taxable).map((p) => p.amount));
  const taxableBeforeDiscounts =
    taxableRental +
    sum(feeLines.filter((f) => feeTaxable(f, settings)).map((f) => f.amount)) +
    (settings.taxDamageWaiver ? damageWaiver : 0);

  const { couponDiscount, couponTaxable } = couponPart(
    input.coupon ?? null,
    products,
    feeLines,
    settings,
  );

  const afterCoupon = beforeDiscounts - couponDiscount;
  const taxableAfterCoupon = taxableBeforeDiscounts - couponTaxable;
  const lineDiscount = Math.min(sum(discountLines.map((d) => Math.abs(d.amount))), afterCoupon);
  const lineDiscountTaxable = shareOf(lineDiscount, taxableAfterCoupon, afterCoupon);

  const discounts = couponDiscount + lineDiscount;
  const taxableBase = input.taxExempt ? 0 : Math.max(0, taxableAfterCoupon - lineDiscountTaxable);
  const tax = percentOf(taxableBase, settings.taxRateBps);
  const total = beforeDiscounts - discounts + tax;

  const deposit = depositDue(settings, total);
  const net = input.paid - input.refunded;
  const securityDeposit = sum(products.map((p) => p.securityDeposit));
  const securityDepositHeld = input.securityDepositPaid - input.securityDepositRefunded;

  return {
    rentalSubtotal,
    fees,
    damageWaiver,
    discounts,
    taxableBase,
    tax,
    total,
    depositDue: deposit,
    securityDeposit,
    paid: input.paid,
    refunded: input.refunded,
    balance: total - net,
    paymentStatus: paymentStatus(total, net, deposit),
    securityDepositHeld,
    securityDepositDue: Math.max(0, securityDeposit - input.securityDepositPaid),
    couponDiscount,
  };
}

/**
 * Whether the booking deposit the policy asks for is covered by the rental money kept: the
 * `depositPaid` of a `TransitionContext`. True when no deposit is due.
 */
export function isDepositPaid(
  totals: Pick<OrderTotals, 'depositDue' | 'paid' | 'refunded'>,
): boolean {
  return totals.paid - totals.refunded >= totals.depositDue;
}
