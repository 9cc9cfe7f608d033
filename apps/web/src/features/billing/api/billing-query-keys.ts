/** The Billing tab's query. */
export const billingQueryKey = ['billing', 'overview'] as const;
