import { describe, expect, it } from 'vitest';
import { TRIAL_BANNER_ACTION, TRIAL_BANNER_THRESHOLDS, trialBannerState } from './trial-banner';

// spec §4 table; thresholds 0, 1 and 14 days (spec §9).
describe('trialBannerState', () => {
  it.each([
    { days: 0, message: 'Your free trial ends today.', colour: 'red', removable: false },
    { days: 1, message: 'Your free trial ends tomorrow.', colour: 'yellow', removable: true },
    { days: 2, message: 'Your free trial ends in 2 days.', colour: 'blue', removable: true },
    { days: 7, message: 'Your free trial ends in 7 days.', colour: 'blue', removable: true },
    { days: 14, message: 'Your free trial ends in 14 days.', colour: 'blue', removable: true },
    { days: -1, message: 'Your free trial has ended.', colour: 'red', removable: false },
    { days: -30, message: 'Your free trial has ended.', colour: 'red', removable: false },
  ] as const)(
    "shows '$message' in $colour for $days days",
    ({ days, message, colour, removable }) => {
      expect(trialBannerState(days)).toEqual({ message, daysRemaining: days, colour, removable });
    },
  );

  it('treats -0 as today', () => {
    expect(trialBannerState(-0)).toEqual(trialBannerState(0));
  });

  it.each([15, 100, Number.NaN, Number.POSITIVE_INFINITY])(
    'shows no banner for %s days',
    (days) => {
      expect(trialBannerState(days)).toBeNull();
    },
  );

  it('rounds a fractional day count down', () => {
    expect(trialBannerState(1.5)?.message).toBe('Your free trial ends tomorrow.');
    expect(trialBannerState(-0.5)?.message).toBe('Your free trial has ended.');
  });

  it('uses the thresholds 0, 1 and 14', () => {
    expect(TRIAL_BANNER_THRESHOLDS).toEqual({ today: 0, tomorrow: 1, maxDaysShown: 14 });
  });

  it("offers 'Add Payment Method' going to /account?tab=billing", () => {
    expect(TRIAL_BANNER_ACTION).toEqual({
      label: 'Add Payment Method',
      url: '/account?tab=billing',
    });
  });
});
