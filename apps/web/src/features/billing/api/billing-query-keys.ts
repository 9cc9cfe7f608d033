/** The Billing tab and the read-only banner's queries. */
export const billingQueryKey = ['billing', 'overview'] as const;
export const billingStatusQueryKey = ['billing', 'status'] as const;
