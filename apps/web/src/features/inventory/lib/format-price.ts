import type { LocaleFormat, ProductPricing } from '@tentpole/domain';

/** An amount without cents when it has none: 15000 is '$150', 15050 is '$150.50'. */
export function formatPrice(cents: number, format: LocaleFormat): string {
  return cents % 100 === 0 ? format.moneyWhole(cents) : format.money(cents);
}

/** A tier's length as people say it: 24 → 'day', 48 → '2 days', 4 → '4 hours'. */
export function formatTierLength(hours: number): string {
  if (hours === 24) return 'day';
  if (hours % 24 === 0) return `${hours / 24} days`;
  return hours === 1 ? 'hour' : `${hours} hours`;
}

/**
 * A product's price in a few characters, for lists (back-office spec §5.2): a daily price by
 * its first tier ('$150 / day'), an hourly one by its minimum ('$40 / hour', '$80 / 2 hours'),
 * a flat one as it is ('$25').
 */
export function formatPriceSummary(pricing: ProductPricing, format: LocaleFormat): string {
  switch (pricing.mode) {
    case 'daily': {
      const [first] = pricing.tiers;
      return first
        ? `${formatPrice(first.amount, format)} / ${formatTierLength(first.hours)}`
        : '—';
    }
    case 'hourly':
      return `${formatPrice(pricing.minimumAmount, format)} / ${formatTierLength(pricing.minimumHours)}`;
    case 'flat':
      return formatPrice(pricing.amount, format);
  }
}

/** Every line of a product's price, for its page (§5.2 tiers, minimum, extra time). */
export function describePricing(pricing: ProductPricing, format: LocaleFormat): string[] {
  switch (pricing.mode) {
    case 'daily':
      return [
        ...pricing.tiers.map(
          (tier) => `Up to ${tier.hours} h: ${formatPrice(tier.amount, format)}`,
        ),
        ...(pricing.extraDayAmount === null
          ? []
          : [`Each extra day: ${formatPrice(pricing.extraDayAmount, format)}`]),
      ];
    case 'hourly':
      return [
        `First ${pricing.minimumHours} h: ${formatPrice(pricing.minimumAmount, format)}`,
        `Each extra hour: ${formatPrice(pricing.extraHourAmount, format)}`,
      ];
    case 'flat':
      return [`${formatPrice(pricing.amount, format)} per order line`];
  }
}

/** Minutes as hours and minutes: 90 → '1 h 30 min', 45 → '45 min', 0 → 'None'. */
export function formatMinutes(minutes: number): string {
  if (minutes === 0) return 'None';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
