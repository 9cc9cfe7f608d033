/**
 * Money arithmetic that stays in whole minor units (cents). back-office spec §4: "Rounding: each
 * line to cents, tax once on the order, half up". The products are worked out in BigInt, so an
 * amount times a rate never loses a cent to floating point however large the order.
 */

/** `amount × numerator / denominator`, rounded half up (away from zero on a tie). */
export function mulDivHalfUp(amount: number, numerator: number, denominator: number): number {
  for (const value of [amount, numerator, denominator]) {
    if (!Number.isSafeInteger(value)) {
      throw new RangeError(`Money arithmetic takes whole numbers, not ${value}`);
    }
  }
  if (denominator === 0) throw new RangeError('Cannot divide an amount by zero');
  const product = BigInt(amount) * BigInt(numerator);
  const divisor = BigInt(denominator);
  const negative = product < 0n !== divisor < 0n;
  const magnitude = product < 0n ? -product : product;
  const by = divisor < 0n ? -divisor : divisor;
  const rounded = (magnitude * 2n + by) / (by * 2n);
  return Number(negative ? -rounded : rounded);
}

/** A rate in basis points (1 % = 100 bps) of an amount, to the cent, half up. */
export function percentOf(amount: number, basisPoints: number): number {
  return mulDivHalfUp(amount, basisPoints, 10_000);
}
