// spec §9: the trial banner's thresholds are 0, 1 and 14 days.
export const TRIAL_BANNER_THRESHOLDS = { today: 0, tomorrow: 1, maxDaysShown: 14 } as const;

// spec §2: the banner's button.
export const TRIAL_BANNER_ACTION = {
  label: 'Add Payment Method',
  url: '/account?tab=billing',
} as const;

export type BannerColour = 'red' | 'yellow' | 'blue';

// spec §3: banner state.
export interface TrialBannerState {
  message: string;
  daysRemaining: number;
  colour: BannerColour;
  removable: boolean;
}

/**
 * spec §4: the banner by days remaining; null means no banner. A fractional day count is
 * rounded down first; a non-finite one shows no banner.
 */
export function trialBannerState(days: number): TrialBannerState | null {
  if (!Number.isFinite(days)) return null;
  const whole = Math.floor(days) + 0; // + 0 turns -0 into 0
  if (whole < TRIAL_BANNER_THRESHOLDS.today) {
    return {
      message: 'Your free trial has ended.',
      daysRemaining: whole,
      colour: 'red',
      removable: false,
    };
  }
  if (whole === TRIAL_BANNER_THRESHOLDS.today) {
    return {
      message: 'Your free trial ends today.',
      daysRemaining: whole,
      colour: 'red',
      removable: false,
    };
  }
  if (whole === TRIAL_BANNER_THRESHOLDS.tomorrow) {
    return {
      message: 'Your free trial ends tomorrow.',
      daysRemaining: whole,
      colour: 'yellow',
      removable: true,
    };
  }
  if (whole <= TRIAL_BANNER_THRESHOLDS.maxDaysShown) {
    return {
      message: `Your free trial ends in ${whole} days.`,
      daysRemaining: whole,
      colour: 'blue',
      removable: true,
    };
  }
  return null;
}
