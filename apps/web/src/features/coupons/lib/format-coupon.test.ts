import { DEFAULT_LOCALE_FORMAT } from '@tentpole/domain';
import { describe, expect, it } from 'vitest';
import {
  appliesToText,
  conditionsText,
  dateBasisText,
  discountText,
  usesText,
  validDatesText,
} from './format-coupon';

describe('discountText', () => {
  it.each([
    [{ kind: 'percent', percentBps: 1000, amount: null }, '10% off'],
    [{ kind: 'percent', percentBps: 1250, amount: null }, '12.5% off'],
    [{ kind: 'amount', percentBps: null, amount: 2_500 }, '$25.00 off'],
    [{ kind: 'amount', percentBps: null, amount: 125_050 }, '$1,250.50 off'],
    [{ kind: 'free_delivery', percentBps: null, amount: null }, 'Free delivery'],
  ] as const)('%o reads %s', (coupon, text) => {
    expect(discountText(coupon, DEFAULT_LOCALE_FORMAT)).toBe(text);
  });
});

describe('usesText', () => {
  it('shows the uses against the maximum, or alone with none', () => {
    expect(usesText({ uses: 3, maxUses: 10 }, 'en-US')).toBe('3 / 10');
    expect(usesText({ uses: 1200, maxUses: null }, 'en-US')).toBe('1,200');
  });
});

describe('validDatesText', () => {
  it.each([
    [null, null, 'Any date'],
    ['2026-06-01', '2026-08-31', 'Jun 1, 2026 – Aug 31, 2026'],
    ['2026-06-01', null, 'From Jun 1, 2026'],
    [null, '2026-12-31', 'Until Dec 31, 2026'],
  ] as const)('%s to %s reads %s', (validFrom, validUntil, text) => {
    expect(validDatesText({ validFrom, validUntil }, 'en-US')).toBe(text);
  });

  it('names the date the window is checked on, only when there is a window', () => {
    expect(dateBasisText({ validFrom: '2026-06-01', validUntil: null, dateBasis: 'booking' })).toBe(
      'Booking date',
    );
    expect(dateBasisText({ validFrom: null, validUntil: null, dateBasis: 'event' })).toBeNull();
  });
});

describe('appliesToText', () => {
  const categories = new Map([
    ['c1', 'Inflatables'],
    ['c2', 'Tents'],
    ['c3', 'Tables'],
  ]);
  const names = { categories, products: new Map<string, string>() };
  const base = {
    kind: 'percent' as const,
    categoryIds: [] as string[],
    productIds: [] as string[],
  };

  it('names the categories, the first two and how many more', () => {
    expect(
      appliesToText(
        { ...base, appliesTo: 'categories', categoryIds: ['c1', 'c2'] },
        names,
        'en-US',
      ),
    ).toBe('Inflatables, Tents');
    expect(
      appliesToText(
        { ...base, appliesTo: 'categories', categoryIds: ['c1', 'c2', 'c3'] },
        names,
        'en-US',
      ),
    ).toBe('Inflatables, Tents and 1 more');
  });

  it('counts what it cannot name', () => {
    expect(
      appliesToText({ ...base, appliesTo: 'products', productIds: ['p1'] }, names, 'en-US'),
    ).toBe('1 product');
  });

  it('says the whole subtotal, or the delivery fees for free delivery', () => {
    expect(appliesToText({ ...base, appliesTo: 'all' }, names, 'en-US')).toBe(
      'Whole rental subtotal',
    );
    expect(
      appliesToText({ ...base, kind: 'free_delivery', appliesTo: 'all' }, names, 'en-US'),
    ).toBe('Delivery fees');
  });
});

describe('conditionsText', () => {
  it('lists only the conditions that are set', () => {
    expect(
      conditionsText(
        {
          minimumSubtotal: 10_000,
          maxUsesPerCustomer: 1,
          newCustomersOnly: true,
          channel: 'store',
        },
        DEFAULT_LOCALE_FORMAT,
      ),
    ).toBe('Min. $100.00 · Once per customer · New customers only · Online store only');
    expect(
      conditionsText(
        {
          minimumSubtotal: 0,
          maxUsesPerCustomer: null,
          newCustomersOnly: false,
          channel: 'both',
        },
        DEFAULT_LOCALE_FORMAT,
      ),
    ).toBe('');
  });
});
