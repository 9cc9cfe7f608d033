import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type CartSessionList,
  type CartSessionState,
  cartSessionListSchema,
} from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';

export type CartSessionFilter = { from: string; to: string; state?: CartSessionState };

/** GET /api/store/carts: the store's cart sessions started on those days, newest first. */
export function getCartSessions(filter: CartSessionFilter): Promise<CartSessionList> {
  const search = new URLSearchParams({ from: filter.from, to: filter.to });
  if (filter.state) search.set('state', filter.state);
  return apiFetch(`/api/store/carts?${search}`, cartSessionListSchema);
}

export function cartSessionsQueryOptions(filter: CartSessionFilter) {
  return queryOptions({
    queryKey: ['store', 'carts', filter] as const,
    queryFn: () => getCartSessions(filter),
  });
}

export function useCartSessions(filter: CartSessionFilter) {
  return useQuery({ ...cartSessionsQueryOptions(filter), placeholderData: keepPreviousData });
}
