import { describe, expect, it } from 'vitest';
import { cartHoldExpiry, cartHolds, countdownText } from './cart-hold';
import { partyQuerySchema, storeCheckoutSchema, storeSiteNote } from './store-schemas';

const NOW = new Date('2026-06-01T12:00:00Z');

describe('cart holds (§10)', () => {
  it('holds for the account hold time from the last activity', () => {
    expect(cartHoldExpiry(NOW, 30).toISOString()).toBe('2026-06-01T12:30:00.000Z');
    expect(cartHoldExpiry(NOW, 5).toISOString()).toBe('2026-06-01T12:05:00.000Z');
  });
  it.each([
    [null, false],
    [new Date('2026-06-01T12:00:00Z'), false],
    [new Date('2026-06-01T12:00:01Z'), true],
  ])('a hold expiring at %s holds: %s', (expiry, holds) => {
    expect(cartHolds(expiry, NOW)).toBe(holds);
  });
  it.each([
    [30 * 60_000, '30:00'],
    [65_500, '1:06'],
    [59 * 60_000 + 59_500, '1:00:00'],
    [62 * 60_000 + 5_000, '1:02:05'],
    [48 * 3_600_000, '48:00:00'],
    [999, '0:01'],
    [0, '0:00'],
    [-5000, '0:00'],
  ])('%d ms left reads %s', (ms, text) => {
    expect(countdownText(ms)).toBe(text);
  });
  it('runs in a page as its own source (the scripts embed it)', () => {
    const inPage = new Function(`return (${countdownText})`)() as typeof countdownText;
    expect(inPage(62 * 60_000 + 5_000)).toBe('1:02:05');
    expect(inPage(65_500)).toBe('1:06');
  });
});

describe('store forms', () => {
  it('asks the party the right way round', () => {
    const r = partyQuerySchema.safeParse({
      date: '2026-06-13',
      start: '14:00',
      end: '12:00',
      zip: '7870',
    });
    expect(r.success).toBe(false);
    const fields = r.success ? {} : r.error.flatten().fieldErrors;
    expect(fields.zip).toEqual(['Enter a 5-digit ZIP code']);
  });
  it('ends after it starts', () => {
    const r = partyQuerySchema.safeParse({
      date: '2026-06-13',
      start: '14:00',
      end: '12:00',
      zip: '78701',
    });
    expect(r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['end', 'The party must end after it starts'],
    ]);
  });
  it('reads the consent box and upper-cases the coupon', () => {
    const r = storeCheckoutSchema.parse({
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'ana@example.com',
      phone: '(512) 555-0100',
      textConsent: 'yes',
      line1: '1 Party Lane',
      city: 'Austin',
      region: 'TX',
      couponCode: 'summer',
    });
    expect(r.textConsent).toBe(true);
    expect(r.couponCode).toBe('SUMMER');
    expect(
      storeCheckoutSchema.parse({ ...r, textConsent: undefined, couponCode: '' }),
    ).toMatchObject({ textConsent: false, couponCode: null });
  });
  it('keeps an optional damage waiver unless it is declined', () => {
    const base = {
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'ana@example.com',
      phone: '(512) 555-0100',
      line1: '1 Party Lane',
      city: 'Austin',
      region: 'TX',
    };
    expect(storeCheckoutSchema.parse(base).damageWaiver).toBe(true);
    expect(storeCheckoutSchema.parse({ ...base, damageWaiver: 'yes' }).damageWaiver).toBe(true);
    expect(storeCheckoutSchema.parse({ ...base, damageWaiver: 'no' }).damageWaiver).toBe(false);
    const bad = storeCheckoutSchema.safeParse({ ...base, damageWaiver: 'maybe' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Choose whether to add the damage waiver');
  });
  it('reads the setup spot: surface, answers, window and the terms box', () => {
    const base = {
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'ana@example.com',
      phone: '(512) 555-0100',
      line1: '1 Party Lane',
      city: 'Austin',
      region: 'TX',
    };
    const r = storeCheckoutSchema.parse({
      ...base,
      surfaceId: 'unsure',
      gateCode: '  ',
      deliveryWindow: 'any',
      power: 'unsure',
    });
    expect(r).toMatchObject({
      surfaceId: null,
      gateCode: null,
      deliveryWindow: null,
      power: 'unsure',
      stairs: null,
      termsAccepted: false,
    });
    expect(storeSiteNote(r)).toBe('Site: power within 50 ft: not sure.');
    expect(storeSiteNote({ power: 'yes', stairs: 'no' })).toBe(
      'Site: power within 50 ft: yes; stairs or slope: no.',
    );
    expect(storeSiteNote({ power: null, stairs: null })).toBeNull();
    const bad = storeCheckoutSchema.safeParse({
      ...base,
      surfaceId: 'concrete',
      deliveryWindow: '25:00',
      power: 'maybe',
      stairs: 'unsure',
    });
    expect(bad.success ? {} : bad.error.flatten().fieldErrors).toEqual({
      surfaceId: ['Choose a surface from the list'],
      deliveryWindow: ['Choose a delivery time from the list'],
      power: ['Choose yes, no or not sure'],
      stairs: ['Choose yes or no'],
    });
  });
});
