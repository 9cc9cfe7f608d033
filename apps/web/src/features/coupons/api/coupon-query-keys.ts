/** Every coupon query sits under 'coupons', so a save refreshes the list and the report figures. */
export const couponQueryKeys = {
  all: ['coupons'] as const,
  list: () => [...couponQueryKeys.all, 'list'] as const,
};
