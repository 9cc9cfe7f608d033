import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_COOKIE_MAX_AGE_S,
  MOBILE_BREAKPOINT_PX,
  QUERY_RETRY_COUNT,
  QUERY_STALE_TIME_MS,
  SIDEBAR_COOKIE_MAX_AGE_S,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_WIDTH_MOBILE,
  STATS_STALE_TIME_MS,
  TOAST_DURATION_MS,
  TOAST_VISIBLE,
  TOOLTIP_DELAY_MS,
} from './ui-constants';

// spec §9: business constants.
describe('UI constants', () => {
  it.each([
    { name: 'QUERY_STALE_TIME_MS (5 minutes)', actual: QUERY_STALE_TIME_MS, expected: 300000 },
    { name: 'STATS_STALE_TIME_MS (one hour)', actual: STATS_STALE_TIME_MS, expected: 3600000 },
    {
      name: 'SIDEBAR_COOKIE_MAX_AGE_S (7 days)',
      actual: SIDEBAR_COOKIE_MAX_AGE_S,
      expected: 604800,
    },
    { name: 'MOBILE_BREAKPOINT_PX', actual: MOBILE_BREAKPOINT_PX, expected: 768 },
    { name: 'TOAST_DURATION_MS', actual: TOAST_DURATION_MS, expected: 4000 },
    { name: 'TOAST_VISIBLE', actual: TOAST_VISIBLE, expected: 3 },
    { name: 'TOOLTIP_DELAY_MS', actual: TOOLTIP_DELAY_MS, expected: 700 },
    { name: 'QUERY_RETRY_COUNT (one retry)', actual: QUERY_RETRY_COUNT, expected: 1 },
    { name: 'SIDEBAR_WIDTH', actual: SIDEBAR_WIDTH, expected: '16rem' },
    { name: 'SIDEBAR_WIDTH_MOBILE', actual: SIDEBAR_WIDTH_MOBILE, expected: '18rem' },
    { name: 'SIDEBAR_WIDTH_ICON (collapsed)', actual: SIDEBAR_WIDTH_ICON, expected: '3rem' },
    {
      name: 'ANALYTICS_COOKIE_MAX_AGE_S (365 days)',
      actual: ANALYTICS_COOKIE_MAX_AGE_S,
      expected: 365 * 24 * 60 * 60,
    },
  ])('$name is $expected', ({ actual, expected }) => {
    expect(actual).toBe(expected);
  });
});
