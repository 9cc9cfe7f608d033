import { useMutation } from '@tanstack/react-query';
import { type CouponPatch, type CouponResponse, couponResponseSchema } from '@tentpole/domain';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';
import { useRefreshCoupons } from './refresh-coupons';

/**
 * PATCH /api/coupons/{id} with the fields that changed. Orders that already used the coupon
 * keep the rules they were booked with (back-office spec §9).
 */
export async function updateCoupon({
  id,
  patch,
}: {
  id: string;
  patch: CouponPatch;
}): Promise<CouponResponse> {
  return apiFetch(`/api/coupons/${encodeURIComponent(id)}`, couponResponseSchema, {
    method: 'PATCH',
    json: patch,
  });
}

export function useUpdateCoupon() {
  const refresh = useRefreshCoupons();
  return useMutation({
    mutationFn: updateCoupon,
    retry: retryServerErrorsOnce,
    onSuccess: refresh,
  });
}
