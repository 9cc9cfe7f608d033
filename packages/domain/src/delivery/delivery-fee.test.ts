import { describe, expect, it } from 'vitest';
import { type DeliveryFeeInput, deliveryFee, localTimeOfDay } from './delivery-fee';
import {
  DEFAULT_DELIVERY_SETTINGS,
  type DeliverySettings,
  deliverySettingsSchema,
} from './delivery-settings';

// Bounce Kingdom's rules: $40 up to 10 mi, $60 up to 20, $2.50/mi beyond, 40 mi radius.
const settings = (over: Partial<DeliverySettings> = {}): DeliverySettings => ({
  ...DEFAULT_DELIVERY_SETTINGS,
  tiers: [
    { upToMiles: 10, fee: 4_000 },
    { upToMiles: 20, fee: 6_000 },
  ],
  perMileBeyond: 250,
  serviceRadiusMiles: 40,
  zipOverrides: [
    { postalCode: '78701', fee: 2_500 },
    { postalCode: '78653', fee: null },
    { postalCode: '02134', fee: 1_000 },
  ],
  windowSurcharges: [
    { kind: 'narrower_than', hours: 2, fee: 2_500 },
    { kind: 'starts_before', time: '08:00', fee: 3_000 },
    { kind: 'starts_after', time: '18:00', fee: 5_000 },
  ],
  taxable: true,
  ...over,
});

const staffed = (over: Partial<DeliveryFeeInput> = {}): DeliveryFeeInput => ({
  method: 'staffed',
  postalCode: '78745',
  miles: 5,
  timeZone: 'America/Chicago',
  ...over,
});

/** A window on 13 June 2026 (CDT, UTC−5) from a local time for some hours. */
const window = (localStart: string, hours: number) => {
  const start = new Date(`2026-06-13T${localStart}:00-05:00`);
  return {
    start: start.toISOString(),
    end: new Date(start.getTime() + hours * 3_600_000).toISOString(),
  };
};

const amountOf = (s: DeliverySettings, input: DeliveryFeeInput) => {
  const result = deliveryFee(s, input);
  return result.ok ? result.amount : result.reason;
};

describe('deliveryFee: distance tiers (inclusive upper bound), per mile beyond, radius', () => {
  it.each<[number, number | string]>([
    [0, 4_000],
    [9.9, 4_000],
    [10, 4_000], // exactly 10 mi is "up to 10 mi"
    [10.04, 4_000], // read to the tenth, half up: 10.0
    [10.05, 6_000], // 10.1
    [10.1, 6_000],
    [20, 6_000],
    [20.1, 6_025], // $60 + 0.1 mi × $2.50
    [24.5, 7_125], // $60 + 4.5 mi × $2.50 = $71.25
    [40, 11_000], // exactly the radius is served: $60 + 20 × $2.50
    [40.04, 11_000],
    [40.05, 'outside_area'], // 40.1 mi
    [55, 'outside_area'],
  ])('%s mi → %s', (miles, expected) => {
    expect(amountOf(settings({ windowSurcharges: [] }), staffed({ miles }))).toBe(expected);
  });

  it('rounds the per-mile price to the cent, half up', () => {
    // $1.25/mi × 0.1 mi = 12.5 ¢ → 13 ¢; × 0.3 mi = 37.5 ¢ → 38 ¢.
    const s = settings({ perMileBeyond: 125, windowSurcharges: [] });
    expect(amountOf(s, staffed({ miles: 20.1 }))).toBe(6_013);
    expect(amountOf(s, staffed({ miles: 20.3 }))).toBe(6_038);
  });

  it('with no tiers, charges the price per mile from the depot', () => {
    const s = settings({ tiers: [], perMileBeyond: 300, windowSurcharges: [] });
    const result = deliveryFee(s, staffed({ miles: 7.25 }));
    expect(result).toMatchObject({ ok: true, amount: 2_190 }); // 7.3 mi × $3
    expect(result.ok && result.explanation).toBe('7.3 mi from the depot at $3.00/mi $21.90');
  });

  it('with no price per mile, beyond the last tier costs the last tier’s fee', () => {
    const s = settings({ perMileBeyond: 0, windowSurcharges: [] });
    expect(amountOf(s, staffed({ miles: 33 }))).toBe(6_000);
  });

  it('without a radius, any distance is served', () => {
    const s = settings({ serviceRadiusMiles: null, windowSurcharges: [] });
    expect(amountOf(s, staffed({ miles: 120 }))).toBe(6_000 + 100 * 250);
  });

  it('refuses beyond the radius with a clear reason', () => {
    expect(deliveryFee(settings(), staffed({ miles: 52.34 }))).toEqual({
      ok: false,
      reason: 'outside_area',
      message: '52.3 mi is beyond the 40 mi delivery area',
    });
  });

  it('refuses when the distance is needed and not known; not when it is not needed', () => {
    expect(deliveryFee(settings(), staffed({ miles: null }))).toMatchObject({
      ok: false,
      reason: 'distance_unknown',
    });
    const flat = {
      ...DEFAULT_DELIVERY_SETTINGS,
      methods: {
        ...DEFAULT_DELIVERY_SETTINGS.methods,
        staffed: { enabled: true, label: 'Delivery and setup', baseFee: 7_500 },
      },
    };
    expect(amountOf(flat, staffed({ miles: null }))).toBe(7_500);
  });
});

describe('deliveryFee: ZIP overrides win over distance', () => {
  it.each<[string, number | null, number | string]>([
    ['78701', 30, 2_500], // 30 mi would be $85: the ZIP's own fee wins
    ['78701', 90, 2_500], // and it is served even beyond the radius
    ['78701', null, 2_500], // and needs no distance
    ['78701-1234', 5, 2_500], // ZIP+4 is its ZIP
    [' 78701 ', 5, 2_500],
    ['02134', 5, 1_000], // the leading zero is kept
    ['2134', 5, 4_000], // a ZIP of 4 digits is not 02134
    ['78653', 5, 'zip_not_served'],
    ['78745', 5, 4_000], // no override: the tiers
  ])('ZIP %s at %s mi → %s', (postalCode, miles, expected) => {
    expect(amountOf(settings({ windowSurcharges: [] }), staffed({ postalCode, miles }))).toBe(
      expected,
    );
  });

  it('says which ZIP is not served', () => {
    expect(deliveryFee(settings(), staffed({ postalCode: '78653' }))).toEqual({
      ok: false,
      reason: 'zip_not_served',
      message: 'We do not deliver to ZIP 78653',
    });
  });
});

describe('deliveryFee: methods', () => {
  it('pickup is free whatever the distance, ZIP or window', () => {
    expect(
      deliveryFee(
        settings(),
        staffed({ method: 'pickup', postalCode: '78653', miles: 300, window: window('06:00', 1) }),
      ),
    ).toEqual({
      ok: true,
      amount: 0,
      taxable: true,
      explanation: 'Customer pickup: no delivery fee',
      parts: [],
    });
  });

  it('adds the method’s base fee, staffed and drop-off each their own', () => {
    const s = settings({
      windowSurcharges: [],
      methods: {
        staffed: { enabled: true, label: 'Delivery and setup', baseFee: 5_000 },
        drop_off: { enabled: true, label: 'Drop-off', baseFee: 1_500 },
        pickup: { enabled: true, label: 'Customer pickup' },
      },
    });
    expect(amountOf(s, staffed({ miles: 5 }))).toBe(9_000);
    expect(amountOf(s, staffed({ method: 'drop_off', miles: 5 }))).toBe(5_500);
    expect(amountOf(s, staffed({ method: 'drop_off', postalCode: '78701' }))).toBe(4_000);
  });

  it.each(['staffed', 'drop_off', 'pickup'] as const)('refuses %s when it is off', (method) => {
    const s = settings();
    const off = {
      ...s,
      methods: { ...s.methods, [method]: { ...s.methods[method], enabled: false } },
    };
    expect(deliveryFee(off, staffed({ method }))).toMatchObject({
      ok: false,
      reason: 'method_off',
      message: `${s.methods[method].label} is not offered`,
    });
  });

  it('answers the account’s taxable setting', () => {
    expect(deliveryFee(settings({ taxable: false }), staffed())).toMatchObject({ taxable: false });
  });
});

describe('deliveryFee: window surcharges', () => {
  it.each<[string, string, number, number]>([
    ['a 4-hour window at 10:00', '10:00', 4, 4_000],
    ['exactly 2 hours: not shorter than 2 h', '10:00', 2, 4_000],
    ['1 h 59', '10:00', 119 / 60, 6_500],
    ['an exact time', '10:00', 0, 6_500],
    ['starting 07:59', '07:59', 4, 7_000],
    ['starting 08:00: not before 08:00', '08:00', 4, 4_000],
    ['starting 17:59', '17:59', 4, 4_000],
    ['starting 18:00: at or after 18:00', '18:00', 4, 9_000],
    ['a 1-hour window at 07:00: two surcharges add up', '07:00', 1, 4_000 + 2_500 + 3_000],
    ['a 1-hour window at 19:30', '19:30', 1, 4_000 + 2_500 + 5_000],
  ])('%s', (_name, start, hours, expected) => {
    expect(amountOf(settings(), staffed({ window: window(start, hours) }))).toBe(expected);
  });

  it('reads the start in the account’s time zone', () => {
    // 07:30 in Chicago is 12:30 UTC: before 08:00 there, not in UTC.
    const early = window('07:30', 4);
    expect(amountOf(settings(), staffed({ window: early }))).toBe(7_000);
    expect(amountOf(settings(), staffed({ window: early, timeZone: 'UTC' }))).toBe(4_000);
    expect(localTimeOfDay(new Date(early.start), 'America/Chicago')).toBe('07:30');
  });

  it('adds surcharges to a ZIP fee too, and explains every part', () => {
    const result = deliveryFee(
      settings(),
      staffed({ postalCode: '78701', window: window('07:00', 1) }),
    );
    expect(result).toEqual({
      ok: true,
      amount: 2_500 + 2_500 + 3_000,
      taxable: true,
      explanation:
        'ZIP 78701 $25.00 + Window shorter than 2 h $25.00 + Window starting before 08:00 $30.00',
      parts: [
        { label: 'ZIP 78701', amount: 2_500 },
        // Marked, so the order shows each surcharge as a line of its own.
        { label: 'Window shorter than 2 h', amount: 2_500, window: true },
        { label: 'Window starting before 08:00', amount: 3_000, window: true },
      ],
    });
  });

  it('explains a fee beyond the last tier', () => {
    const result = deliveryFee(settings({ windowSurcharges: [] }), staffed({ miles: 24.46 }));
    expect(result.ok && result.explanation).toBe(
      'Up to 20 mi $60.00 + 4.5 mi beyond 20 mi at $2.50/mi $11.25',
    );
  });

  it('with nothing to charge, says so', () => {
    const result = deliveryFee(DEFAULT_DELIVERY_SETTINGS, staffed());
    expect(result).toMatchObject({
      ok: true,
      amount: 0,
      explanation: 'Delivery and setup: no delivery fee',
    });
  });
});

describe('deliverySettingsSchema', () => {
  const valid = settings();
  const errors = (over: Record<string, unknown>) => {
    const parsed = deliverySettingsSchema.safeParse({ ...valid, ...over });
    return parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('accepts Bounce Kingdom’s rules as they are', () => {
    expect(deliverySettingsSchema.parse(valid)).toEqual(valid);
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    [
      'tiers out of order',
      {
        tiers: [
          { upToMiles: 20, fee: 1 },
          { upToMiles: 20, fee: 2 },
        ],
      },
      { 'tiers.1.upToMiles': 'Each tier must reach further than the one before' },
    ],
    [
      'a tier of 0 miles',
      { tiers: [{ upToMiles: 0, fee: 1 }] },
      { 'tiers.0.upToMiles': 'The tier distance must be more than 0 miles' },
    ],
    [
      'a tier to a hundredth of a mile',
      { tiers: [{ upToMiles: 10.25, fee: 1 }] },
      { 'tiers.0.upToMiles': 'Enter the tier distance to a tenth of a mile' },
    ],
    [
      'a negative fee',
      { perMileBeyond: -1 },
      { perMileBeyond: 'The price per mile cannot be negative' },
    ],
    [
      'a fee in dollars',
      { perMileBeyond: 2.5 },
      { perMileBeyond: 'Enter the price per mile in cents' },
    ],
    [
      'a ZIP listed twice (ZIP+4 is its ZIP)',
      {
        zipOverrides: [
          { postalCode: '78701', fee: 1 },
          { postalCode: '78701-0001', fee: 2 },
        ],
      },
      { 'zipOverrides.1.postalCode': 'ZIP 78701 is listed twice' },
    ],
    [
      'a ZIP that is not one',
      { zipOverrides: [{ postalCode: '7', fee: 1 }] },
      { 'zipOverrides.0.postalCode': 'Enter a ZIP code such as 78701' },
    ],
    [
      'a surcharge time that is not one',
      { windowSurcharges: [{ kind: 'starts_before', time: '8am', fee: 1 }] },
      { 'windowSurcharges.0.time': 'Enter a time such as 08:00' },
    ],
    [
      'a radius of 0',
      { serviceRadiusMiles: 0 },
      { serviceRadiusMiles: 'The service radius must be more than 0 miles' },
    ],
  ])('refuses %s', (_name, over, expected) => {
    expect(errors(over)).toEqual(expected);
  });

  it('keeps ZIP codes as strings, leading zeros and all', () => {
    const parsed = deliverySettingsSchema.parse({
      ...valid,
      zipOverrides: [{ postalCode: '00501', fee: 100 }],
    });
    expect(parsed.zipOverrides).toEqual([{ postalCode: '00501', fee: 100 }]);
  });
});
