/**
 * back-office spec §3: a product × surface rule may carry "a fee (flat per order, per unit, or
 * per anchor point), taxable or not". This is the amount of the fee line it puts on the order.
 *
 * `quantity` is the line's quantity and `anchorPoints` the product's anchor points per unit,
 * so a per-anchor fee is `amount × anchorPoints × quantity` (two castles of 4 anchors on
 * concrete drill 8 holes). A per-order fee is charged once for the product, whatever the
 * quantity, and not at all when the quantity is zero; two lines of the same product share one
 * fee, which the caller sees to by passing their combined quantity. Whether the fee is taxed is
 * the rule's `taxable` together with the account's surface-fee setting (see `orderTotals`).
 */
export type SurfaceFeeRule = { amount: number; per: 'order' | 'unit' | 'anchor'; taxable: boolean };

export function surfaceFee(rule: SurfaceFeeRule, quantity: number, anchorPoints: number): number {
  if (quantity <= 0) return 0;
  switch (rule.per) {
    case 'order':
      return rule.amount;
    case 'unit':
      return rule.amount * quantity;
    case 'anchor':
      return rule.amount * anchorPoints * quantity;
  }
}
