import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type OrderListQuery, orderListResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';

export const orderQueryKeys = {
  all: ['orders'] as const,
  list: (query: OrderListQuery) => ['orders', 'list', query] as const,
};

/** GET /api/orders with the status tab, search, sort and page asked for. */
export function getOrders(query: OrderListQuery) {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
    sort: query.sort,
    order: query.order,
  });
  if (query.status) params.set('status', query.status);
  if (query.search !== '') params.set('search', query.search);
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  return apiFetch(`/api/orders?${params}`, orderListResponseSchema);
}

export function useOrders(query: OrderListQuery) {
  return useQuery(
    queryOptions({
      queryKey: orderQueryKeys.list(query),
      queryFn: () => getOrders(query),
      placeholderData: keepPreviousData,
    }),
  );
}
