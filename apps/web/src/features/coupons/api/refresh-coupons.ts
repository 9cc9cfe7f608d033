import { useQueryClient } from '@tanstack/react-query';
import { couponQueryKeys } from './coupon-query-keys';

/** After a save: the list, with its figures, is read again. */
export function useRefreshCoupons() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: couponQueryKeys.all });
}
