import { describe, expect, it } from 'vitest';
import { accountSettingsSchema, isKnownCurrency, isValidLocale } from './account-settings';

const minimal = { name: 'Bounce Kingdom', timezone: 'America/Chicago', currency: 'usd' };

describe('account settings (§2)', () => {
  it('fills what an older account never set with the defaults', () => {
    const parsed = accountSettingsSchema.parse(minimal);
    expect(parsed.currency).toBe('USD');
    expect(parsed.locale).toBe('en-US');
    expect(parsed.business).toEqual({
      legalName: '',
      address: '',
      phone: '',
      email: '',
      website: '',
    });
    expect(parsed.orders.deposit).toEqual({ mode: 'none' });
    expect(parsed.documents).toEqual({
      terms: '',
      contractClauses: '',
      invoiceDueDays: 7,
      numberPrefix: '',
    });
  });

  it('names each field it refuses', () => {
    const result = accountSettingsSchema.safeParse({
      name: ' ',
      timezone: 'Mars/Olympus',
      currency: 'DOLLARS',
      business: { email: 'not an e-mail', website: 'example.com' },
      orders: { taxRateBps: 10_001 },
      documents: { invoiceDueDays: -1, numberPrefix: 'INV 2026' },
    });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(
      (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
    );
    expect(fields).toEqual({
      name: 'Enter the business name',
      timezone: 'Choose a time zone from the list',
      currency: 'Enter a three-letter currency code, such as USD',
      'business.email': 'Enter a valid e-mail address',
      'business.website': 'Enter the address starting with https://',
      'orders.taxRateBps': 'A tax rate cannot be more than 100 %',
      'documents.invoiceDueDays': 'Cannot be negative',
      'documents.numberPrefix': 'Use letters, digits and hyphens only',
    });
  });

  it('leaves the logo out: it is uploaded, never typed', () => {
    const parsed = accountSettingsSchema.parse({ ...minimal, logo: 'javascript:alert(1)' });
    expect(parsed).not.toHaveProperty('logo');
  });

  it('knows currencies and language tags', () => {
    expect(isKnownCurrency('CAD')).toBe(true);
    expect(isKnownCurrency('usd')).toBe(false);
    expect(isValidLocale('es-MX')).toBe(true);
    expect(isValidLocale('not a tag')).toBe(false);
  });
});
