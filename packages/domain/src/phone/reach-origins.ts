/** Issue 24 item 8: where an order started in Reach: on a call or in a text conversation. */
export const REACH_ORIGINS = ['call', 'text'] as const;
export type ReachOrigin = (typeof REACH_ORIGINS)[number];

/**
 * Issue 24 item 8: the referral source such an order carries, spelled as the lead sources
 * report names a call or a text (back-office spec §4, §11).
 */
export const REACH_REFERRAL_SOURCES: Readonly<Record<ReachOrigin, string>> = {
  call: 'Phone call',
  text: 'Text message',
};
