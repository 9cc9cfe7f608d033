import { describe, expect, it } from 'vitest';
import { localIsoDay, presetOf, presetRange } from './report-range';

// Months are 0-based in the Date constructor: this is 5 March 2028, a leap year.
const today = new Date(2028, 2, 5, 23, 30);

describe('range presets (§11), in the browser’s own days', () => {
  it('counts each preset up to today, both ends included', () => {
    expect(presetRange('this-month', today)).toEqual({ from: '2028-03-01', to: '2028-03-05' });
    expect(presetRange('last-month', today)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(presetRange('last-30-days', today)).toEqual({ from: '2028-02-05', to: '2028-03-05' });
    expect(presetRange('this-year', today)).toEqual({ from: '2028-01-01', to: '2028-03-05' });
  });

  it('takes last month across a new year', () => {
    expect(presetRange('last-month', new Date(2027, 0, 10))).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
  });

  it('names the preset a range matches, and none for a typed one', () => {
    expect(presetOf({ from: '2028-01-01', to: '2028-03-05' }, today)).toBe('this-year');
    expect(presetOf({ from: '2028-01-02', to: '2028-03-05' }, today)).toBeUndefined();
  });

  it('writes the local day, not the UTC one', () => {
    expect(localIsoDay(new Date(2028, 11, 31, 23, 59))).toBe('2028-12-31');
  });
});
