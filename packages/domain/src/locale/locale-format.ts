import { DEFAULT_CURRENCY, formatMoney, formatMoneyWhole } from '../money/format-money';

/**
 * The locale the product's spec strings are written in, and what a page with no account
 * (sign-in, the public pages) formats with. An account's own locale is `accounts.settings.locale`
 * (back-office spec §2), set on `/account`.
 */
export const DEFAULT_LOCALE = 'en-US';

/** The tag, canonicalised, when the runtime accepts it; `DEFAULT_LOCALE` otherwise. */
export function resolveLocale(tag: unknown): string {
  if (typeof tag !== 'string' || tag.trim() === '') return DEFAULT_LOCALE;
  try {
    const [canonical] = Intl.getCanonicalLocales(tag.trim());
    return canonical ?? DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** The code when it is a currency the runtime knows (ISO 4217); `DEFAULT_CURRENCY` otherwise. */
export function resolveCurrency(code: unknown): string {
  if (typeof code !== 'string' || !/^[A-Z]{3}$/.test(code)) return DEFAULT_CURRENCY;
  try {
    new Intl.NumberFormat(DEFAULT_LOCALE, { style: 'currency', currency: code });
    return code;
  } catch {
    return DEFAULT_CURRENCY;
  }
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A date-time format for the locale, made once per locale and options (building one costs far
 * more than using it; lists format hundreds of rows).
 */
export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

/** A number format for the locale, made once per locale and options. */
export function numberFormat(
  locale: string,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

type Instant = Date | number | string;
const toDate = (instant: Instant) => (instant instanceof Date ? instant : new Date(instant));

/**
 * How an account writes dates, times, numbers and money: one object made from its locale and
 * currency, so every screen, document and message formats the same way. With `en-US` the output
 * is the spec's, to the letter.
 */
export type LocaleFormat = {
  locale: string;
  currency: string;
  /** Minor units in the account's currency (or another one, such as an invoice's). */
  money(minorUnits: number, currency?: string): string;
  /** Rounded to whole major units, for chart axes. */
  moneyWhole(minorUnits: number, currency?: string): string;
  number(value: number, options?: Intl.NumberFormatOptions): string;
  /** A date, a time or both, as the options ask; an ISO string is read as an instant. */
  date(instant: Instant, options: Intl.DateTimeFormatOptions): string;
  /** Two instants as one range ("Jun 14 – 16, 2025"), sharing what they have in common. */
  dateRange(start: Instant, end: Instant, options: Intl.DateTimeFormatOptions): string;
  dateParts(instant: Instant, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormatPart[];
};

const localeFormats = new Map<string, LocaleFormat>();

/** The formatting for a locale and currency; an unusable locale formats as `DEFAULT_LOCALE`. */
export function localeFormat(locale: string, currency: string = DEFAULT_CURRENCY): LocaleFormat {
  const resolved = resolveLocale(locale);
  const key = `${resolved}|${currency}`;
  const cached = localeFormats.get(key);
  if (cached) return cached;
  const made: LocaleFormat = {
    locale: resolved,
    currency,
    money: (minorUnits, other = currency) => formatMoney(minorUnits, other, resolved),
    moneyWhole: (minorUnits, other = currency) => formatMoneyWhole(minorUnits, other, resolved),
    number: (value, options) => numberFormat(resolved, options).format(value),
    date: (instant, options) => dateTimeFormat(resolved, options).format(toDate(instant)),
    dateRange: (start, end, options) =>
      dateTimeFormat(resolved, options).formatRange(toDate(start), toDate(end)),
    dateParts: (instant, options) =>
      dateTimeFormat(resolved, options).formatToParts(toDate(instant)),
  };
  localeFormats.set(key, made);
  return made;
}

/** What a page with no account formats with: the spec's own `en-US` and US dollars. */
export const DEFAULT_LOCALE_FORMAT: LocaleFormat = localeFormat(DEFAULT_LOCALE);
