/** Until accounts carry their own, amounts read as US dollars the way the product shows them. */
export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_MONEY_LOCALE = 'en-US';

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, locale: string, whole: boolean): Intl.NumberFormat {
  const key = `${locale}|${currency}|${whole}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      ...(whole ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
    });
    formatters.set(key, format);
  }
  return format;
}

const minorDigits = new Map<string, number>();

/** How many minor units the currency's major unit has, as a power of ten (USD 2, JPY 0, BHD 3). */
function minorUnitDigits(currency: string): number {
  // Kept per currency: resolvedOptions() builds a new object on every call, and money is
  // formatted for every line of a list.
  let digits = minorDigits.get(currency);
  if (digits === undefined) {
    digits =
      formatter(currency, DEFAULT_MONEY_LOCALE, false).resolvedOptions().maximumFractionDigits ?? 2;
    minorDigits.set(currency, digits);
  }
  return digits;
}

/**
 * The amount as a decimal string, built from the integer's digits: dividing by 100 in floating
 * point is off by a cent for amounts past about 2^46 cents.
 */
function toDecimal(minorUnits: number, digits: number): `${number}` {
  const sign = minorUnits < 0 ? '-' : '';
  const magnitude = String(Math.abs(minorUnits)).padStart(digits + 1, '0');
  if (digits === 0) return `${sign}${magnitude}` as `${number}`;
  const cut = magnitude.length - digits;
  return `${sign}${magnitude.slice(0, cut)}.${magnitude.slice(cut)}` as `${number}`;
}

function assertMinorUnits(cents: number): void {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`Money is a whole number of minor units (cents), not ${cents}`);
  }
}

/**
 * An amount held in the currency's minor unit (cents for USD), formatted exactly:
 * `formatMoney(125050)` is '$1,250.50'. `cents` must be a safe integer.
 */
export function formatMoney(
  cents: number,
  currency: string = DEFAULT_CURRENCY,
  locale: string = DEFAULT_MONEY_LOCALE,
): string {
  assertMinorUnits(cents);
  return formatter(currency, locale, false).format(toDecimal(cents, minorUnitDigits(currency)));
}

/**
 * The amount rounded to whole major units, for chart axes: `formatMoneyWhole(125050)` is
 * '$1,251'. An axis tick may fall between two cents, so any finite number is accepted.
 */
export function formatMoneyWhole(
  cents: number,
  currency: string = DEFAULT_CURRENCY,
  locale: string = DEFAULT_MONEY_LOCALE,
): string {
  const rounded = Math.round(cents);
  assertMinorUnits(rounded);
  return formatter(currency, locale, true).format(toDecimal(rounded, minorUnitDigits(currency)));
}

/** The amount as a plain decimal in the currency's major unit (CSV exports): 123456 → "1234.56". */
export function moneyDecimal(minorUnits: number, currency: string = DEFAULT_CURRENCY): string {
  assertMinorUnits(minorUnits);
  return toDecimal(minorUnits, minorUnitDigits(currency));
}
