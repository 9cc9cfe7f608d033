import type { DeliveryQuoteResponse, LocaleFormat } from '@tentpole/domain';

/** Where the fee was measured from, as the "try an address" box says it. */
export function quoteDistanceText(quote: DeliveryQuoteResponse, locale: string): string | null {
  if (quote.miles === null) return null;
  const from = quote.depotName ? ` from ${quote.depotName}` : '';
  return `${quote.miles.toLocaleString(locale, { maximumFractionDigits: 1 })} mi${from}${quote.milesEstimated ? ' (estimated: straight line × 1.3)' : ' by road'}`;
}

const LOCATED: Record<NonNullable<DeliveryQuoteResponse['locatedBy']>, string> = {
  pin: 'at the pin',
  geocoder: 'by the geocoder',
  zip_centroid: 'at the ZIP code’s centre',
};

export function quoteHeadline(
  quote: DeliveryQuoteResponse,
  currency: string,
  format: LocaleFormat,
): string {
  return quote.ok ? `Delivery fee ${format.money(quote.amount, currency)}` : 'Not delivered';
}

export function quotePlaceText(quote: DeliveryQuoteResponse): string | null {
  if (quote.lat === null || quote.lng === null || !quote.locatedBy) return null;
  return `Placed ${LOCATED[quote.locatedBy]} (${quote.lat.toFixed(4)}, ${quote.lng.toFixed(4)})`;
}
