// spec §9: data cache stale time, 5 minutes.
export const QUERY_STALE_TIME_MS = 300_000;
// spec §9: dashboard stats are cached one hour.
export const STATS_STALE_TIME_MS = 3_600_000;
// spec §9: sidebar cookie lifetime, 7 days.
export const SIDEBAR_COOKIE_MAX_AGE_S = 604_800;
// spec §2, §9: mobile mode below 768px width.
export const MOBILE_BREAKPOINT_PX = 768;
// spec §9: toasts last 4000 ms with 3 visible.
export const TOAST_DURATION_MS = 4_000;
export const TOAST_VISIBLE = 3;
// spec §9: tooltip delay.
export const TOOLTIP_DELAY_MS = 700;
// spec §9: one retry for queries and mutations.
export const QUERY_RETRY_COUNT = 1;
// spec §9: sidebar 16rem wide, 18rem on mobile, 3rem collapsed.
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
// spec §9: analytics cookies last 365 days.
export const ANALYTICS_COOKIE_MAX_AGE_S = 31_536_000;
