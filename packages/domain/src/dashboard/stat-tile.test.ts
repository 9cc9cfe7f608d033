import { describe, expect, it } from 'vitest';
import { statTileValues } from './stat-tile';

// spec §3, §7: a tile's value and percentage; zeros when the fetch failed.
describe('statTileValues', () => {
  it.each([
    {
      why: 'shows the current value and its change',
      stat: { current: 12, previous: 8 },
      expected: { value: 12, percentageChange: 50 },
    },
    {
      why: 'shows value 0 and percentage 0 when the fetch failed',
      stat: null,
      expected: { value: 0, percentageChange: 0 },
    },
    {
      why: 'applies the formula to a real 0 against 0',
      stat: { current: 0, previous: 0 },
      expected: { value: 0, percentageChange: -100 },
    },
  ])('$why', ({ stat, expected }) => {
    expect(statTileValues(stat)).toEqual(expected);
  });
});
