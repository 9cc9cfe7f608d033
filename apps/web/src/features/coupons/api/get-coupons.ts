import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CouponResponse, couponListResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { couponQueryKeys } from './coupon-query-keys';

/** GET /api/coupons: every coupon of the account, with its uses, discount given and revenue. */
export async function getCoupons(): Promise<CouponResponse[]> {
  const { coupons } = await apiFetch('/api/coupons', couponListResponseSchema);
  return coupons;
}

export function couponsQueryOptions() {
  return queryOptions({ queryKey: couponQueryKeys.list(), queryFn: getCoupons });
}

export function useCoupons() {
  return useQuery(couponsQueryOptions());
}
