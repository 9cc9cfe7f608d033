import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  orderCalendarResponseSchema,
  productListResponseSchema,
  productMonthResponseSchema,
} from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';

/** GET /api/orders/calendar for the days on screen. */
export function useCalendarOrders(from: string, to: string) {
  return useQuery({
    queryKey: ['orders', 'calendar', from, to],
    queryFn: () =>
      apiFetch(
        `/api/orders/calendar?${new URLSearchParams({ from, to })}`,
        orderCalendarResponseSchema,
      ),
    placeholderData: keepPreviousData,
  });
}

/** One product's free quantity per day of a month (`YYYY-MM`), for the availability view. */
export function useProductMonth(productId: string | null, month: string) {
  return useQuery({
    queryKey: ['orders', 'calendar-availability', productId, month],
    queryFn: () =>
      apiFetch(
        `/api/products/${encodeURIComponent(productId as string)}/availability?month=${month}`,
        productMonthResponseSchema,
      ),
    enabled: productId !== null,
  });
}

/** The account's active products by name, for the availability view's picker. */
export function useProductOptions() {
  return useQuery({
    queryKey: ['orders', 'product-options'],
    queryFn: () => apiFetch('/api/products?pageSize=100', productListResponseSchema),
  });
}
