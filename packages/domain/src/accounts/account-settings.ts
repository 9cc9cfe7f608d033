import { z } from 'zod';
import { isValidTimeZone } from '../dates/time-zone';
import { orderSettingsSchema } from '../orders/order-settings';

/**
 * back-office spec §2: the account settings the back office uses, as `/account` edits them
 * (`GET|PUT /api/account/settings`). Stored in `accounts.settings` beside the settings other
 * screens own (payments, messaging, store, delivery), which this form never touches; the name
 * is the account's own column. The logo is not among them: it is uploaded (`account-logo.ts`).
 * An order snapshots what it needs of them when it first holds stock, so a change here never
 * alters a booked order.
 */

/** The currencies a US rental business is likely to price in, first; any ISO 4217 code works. */
export const COMMON_CURRENCIES = ['USD', 'CAD', 'MXN', 'EUR', 'GBP', 'AUD'] as const;

/**
 * The locales the Account tab offers, US English first: the Americas a US rental business
 * serves, then the English- and European-language regions it may also work in. Any valid tag
 * still saves (an account set up another way keeps its own).
 */
export const COMMON_LOCALES = [
  'en-US',
  'es-US',
  'en-CA',
  'fr-CA',
  'es-MX',
  'en-GB',
  'en-AU',
  'en-NZ',
  'en-IE',
  'de-DE',
  'fr-FR',
  'es-ES',
  'it-IT',
  'nl-NL',
  'pt-BR',
] as const;

/** Whether the runtime knows a currency code (ISO 4217, three capital letters). */
export function isKnownCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  try {
    new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    return true;
  } catch {
    return false;
  }
}

/** Whether a BCP 47 tag is well formed (the runtime canonicalises it). */
export function isValidLocale(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

const optionalText = (max: number) =>
  z.string().trim().max(max, `Must be at most ${max} characters`).default('');

/** The business as its customers see it on documents, e-mails and the store. */
export const businessProfileSchema = z.object({
  legalName: optionalText(200),
  address: optionalText(500),
  phone: optionalText(40),
  email: z
    .string()
    .trim()
    .max(254, 'Must be at most 254 characters')
    .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid e-mail address')
    .default(''),
  website: z
    .string()
    .trim()
    .max(500, 'Must be at most 500 characters')
    .refine(
      (v) => v === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v),
      'Enter the address starting with https://',
    )
    .default(''),
});
export type BusinessProfile = z.output<typeof businessProfileSchema>;

/** §2's document settings: terms, contract clauses, invoice due days, numbering prefix. */
export const documentSettingsSchema = z.object({
  terms: optionalText(20_000),
  contractClauses: optionalText(20_000),
  invoiceDueDays: z
    .number({ error: 'Enter the days an invoice is due in' })
    .int('Enter whole days')
    .min(0, 'Cannot be negative')
    .max(365, 'Must be at most 365 days')
    .default(7),
  numberPrefix: z
    .string()
    .trim()
    .max(12, 'Must be at most 12 characters')
    .regex(/^[A-Za-z0-9-]*$/, 'Use letters, digits and hyphens only')
    .default(''),
});
export type DocumentSettings = z.output<typeof documentSettingsSchema>;

export const DEFAULT_DOCUMENT_SETTINGS: DocumentSettings = documentSettingsSchema.parse({});

/** `PUT /api/account/settings`' body, and what `GET` answers. */
export const accountSettingsSchema = z.object({
  name: z
    .string({ error: 'Enter the business name' })
    .trim()
    .min(1, 'Enter the business name')
    .max(100, 'Must be at most 100 characters'),
  timezone: z
    .string({ error: 'Choose the time zone' })
    .refine(isValidTimeZone, 'Choose a time zone from the list'),
  currency: z
    .string({ error: 'Choose the currency' })
    .trim()
    .toUpperCase()
    .refine(isKnownCurrency, 'Enter a three-letter currency code, such as USD'),
  locale: z
    .string()
    .trim()
    .default('en-US')
    .refine(isValidLocale, 'Enter a language tag, such as en-US'),
  business: businessProfileSchema.default(businessProfileSchema.parse({})),
  orders: orderSettingsSchema.default(orderSettingsSchema.parse({})),
  documents: documentSettingsSchema.default(DEFAULT_DOCUMENT_SETTINGS),
});
export type AccountSettings = z.output<typeof accountSettingsSchema>;
export type AccountSettingsInput = z.input<typeof accountSettingsSchema>;
