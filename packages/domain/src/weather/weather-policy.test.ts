import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WEATHER_POLICY,
  describeWeatherReason,
  type ForecastHour,
  limitsForCategories,
  weatherChoiceOf,
  weatherOfferText,
  weatherPolicySchema,
  weatherReasons,
} from './weather-policy';

const H = 3_600_000;
const day = Date.parse('2030-06-14T00:00:00Z');
const calm = (i: number): ForecastHour => ({
  at: day + i * H,
  gustsMph: 8,
  rainChance: 5,
  temperatureF: 72,
});

describe('the weather policy', () => {
  it("defaults to operators' thresholds: gusts over 20 mph, rain 60% or more, under 40 °F", () => {
    expect(DEFAULT_WEATHER_POLICY).toEqual({
      gustsOverMph: 20,
      rainChanceAtLeast: 60,
      temperatureUnderF: 40,
      categories: [],
    });
  });

  it('refuses limits out of range and a category twice, with the field', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const result = weatherPolicySchema.safeParse({
      gustsOverMph: 0,
      rainChanceAtLeast: 101,
      temperatureUnderF: 40.5,
      categories: [
        { categoryId: id, gustsOverMph: null, rainChanceAtLeast: null, temperatureUnderF: 65 },
        { categoryId: id, gustsOverMph: 15, rainChanceAtLeast: null, temperatureUnderF: null },
      ],
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(['gustsOverMph', 'rainChanceAtLeast', 'temperatureUnderF']);
    const twice = weatherPolicySchema.safeParse({
      ...DEFAULT_WEATHER_POLICY,
      categories: [
        { categoryId: id, gustsOverMph: null, rainChanceAtLeast: null, temperatureUnderF: 65 },
        { categoryId: id, gustsOverMph: 15, rainChanceAtLeast: null, temperatureUnderF: null },
      ],
    });
    expect(twice.error?.issues.map((i) => i.path.join('.'))).toEqual(['categories.1.categoryId']);
  });

  it('takes the strictest limit across the items, naming the category that set it', () => {
    const slides = '00000000-0000-4000-8000-00000000000a';
    const tents = '00000000-0000-4000-8000-00000000000b';
    const water = '00000000-0000-4000-8000-00000000000c';
    const policy = {
      ...DEFAULT_WEATHER_POLICY,
      categories: [
        { categoryId: slides, gustsOverMph: null, rainChanceAtLeast: null, temperatureUnderF: 65 },
        { categoryId: tents, gustsOverMph: 30, rainChanceAtLeast: 90, temperatureUnderF: null },
      ],
    };
    const names = new Map([
      [slides, 'Water slides'],
      [tents, 'Tents'],
    ]);
    // A water slide (in a subcategory of Water slides) and a tent.
    const both = limitsForCategories(policy, [[water, slides], [tents]], names);
    expect(both.limits).toEqual({ gustsOverMph: 20, rainChanceAtLeast: 60, temperatureUnderF: 65 });
    expect(both.from).toEqual({
      gustsOverMph: null,
      rainChanceAtLeast: null,
      temperatureUnderF: 'Water slides',
    });
    // A tent alone stands more wind.
    expect(limitsForCategories(policy, [[tents]], names).limits.gustsOverMph).toBe(30);
  });
});

describe('weatherReasons', () => {
  const event = { start: day + 12 * H, end: day + 17 * H };
  it('is empty in calm weather', () => {
    expect(
      weatherReasons(
        Array.from({ length: 24 }, (_, i) => calm(i)),
        event,
        DEFAULT_WEATHER_POLICY,
      ),
    ).toEqual([]);
  });

  it('names the worst hour of each broken limit within the event only', () => {
    const hours = Array.from({ length: 24 }, (_, i) => calm(i));
    hours[9] = { ...calm(9), gustsMph: 60 }; // before the party: not counted
    hours[13] = { ...calm(13), gustsMph: 28 };
    hours[14] = { ...calm(14), gustsMph: 35, rainChance: 60 };
    hours[16] = { ...calm(16), temperatureF: 39 };
    hours[17] = { ...calm(17), rainChance: 100 }; // the party ended at 17:00
    const reasons = weatherReasons(hours, event, DEFAULT_WEATHER_POLICY);
    expect(reasons).toEqual([
      { kind: 'gusts', value: 35, limit: 20, at: '2030-06-14T14:00:00.000Z', category: null },
      { kind: 'rain', value: 60, limit: 60, at: '2030-06-14T14:00:00.000Z', category: null },
      { kind: 'cold', value: 39, limit: 40, at: '2030-06-14T16:00:00.000Z', category: null },
    ]);
    expect(
      describeWeatherReason(reasons[0] as (typeof reasons)[number], 'America/Chicago', 'en-US'),
    ).toBe('Gusts 35 mph at 9 AM (over 20 mph)');
    // Exactly at the limit is not over it.
    expect(weatherReasons([{ ...calm(13), gustsMph: 20 }], event, DEFAULT_WEATHER_POLICY)).toEqual(
      [],
    );
  });
});

describe('the offer text and the reply', () => {
  it('says the forecast and the three options', () => {
    expect(
      weatherOfferText({
        businessName: 'Bounce Kingdom',
        reasons: [
          { kind: 'gusts', value: 35, limit: 20, at: '2030-06-14T19:00:00Z', category: null },
        ],
        eventStart: '2030-06-14T17:00:00Z',
        moveTo: '2030-06-15T17:00:00Z',
        credit: '$245.00',
        timeZone: 'America/Chicago',
        locale: 'en-US',
      }),
    ).toBe(
      'Bounce Kingdom: wind gusts to 35 mph are forecast for your party on Fri, Jun 14. Reply 1 to keep it, 2 to move it to Sat, Jun 15, 3 for a rain-check credit of $245.00.',
    );
    expect(
      weatherOfferText({
        businessName: 'Bounce Kingdom',
        reasons: [
          { kind: 'rain', value: 70, limit: 60, at: '2030-06-14T19:00:00Z', category: null },
        ],
        eventStart: '2030-06-14T17:00:00Z',
        moveTo: null,
        credit: null,
        timeZone: 'America/Chicago',
        locale: 'en-US',
      }),
    ).toBe(
      'Bounce Kingdom: a 70% chance of rain is forecast for your party on Fri, Jun 14. Reply 1 to keep it, 3 to cancel it at no charge.',
    );
  });

  it('reads "1", "2", "3" and nothing else', () => {
    expect(weatherChoiceOf('2')).toBe(2);
    expect(weatherChoiceOf(' 3. ')).toBe(3);
    expect(weatherChoiceOf('#1')).toBe(1);
    expect(weatherChoiceOf('12')).toBeNull();
    expect(weatherChoiceOf('2 please')).toBeNull();
    expect(weatherChoiceOf('4')).toBeNull();
  });
});
