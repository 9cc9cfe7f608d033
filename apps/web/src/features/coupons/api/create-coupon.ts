import { useMutation } from '@tanstack/react-query';
import { type CouponInput, type CouponResponse, couponResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { useRefreshCoupons } from './refresh-coupons';

/** POST /api/coupons: 201 with the new coupon; a code already in use is a 400 on `code`. */
export async function createCoupon(input: CouponInput): Promise<CouponResponse> {
  return apiFetch('/api/coupons', couponResponseSchema, { method: 'POST', json: input });
}

export function useCreateCoupon() {
  const refresh = useRefreshCoupons();
  // Not retried: a second POST after a lost answer would find its own code taken.
  return useMutation({ mutationFn: createCoupon, retry: false, onSuccess: refresh });
}
