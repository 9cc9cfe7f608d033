import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  availabilityResponseSchema,
  customerListResponseSchema,
  customerResponseSchema,
  type Order,
  type OrderInput,
  type OrderPatch,
  type OrderPreviewRequest,
  orderPreviewResponseSchema,
  orderResponseSchema,
  productListResponseSchema,
  type ShortageBody,
  surfaceListResponseSchema,
  unavailableErrorSchema,
} from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { orderQueryKeys } from './get-orders';

/** What the editor's price and stock questions are about; null while the dates are unset. */
export type EditorQuestion = OrderPreviewRequest & { excludeOrderId?: string };

/** POST /api/orders/preview on each change: the lines priced, the fees and the totals. */
export function useOrderPreview(question: EditorQuestion | null) {
  return useQuery({
    queryKey: ['orders', 'preview', question],
    queryFn: () => {
      const { excludeOrderId: _, ...body } = question as EditorQuestion;
      return apiFetch('/api/orders/preview', orderPreviewResponseSchema, {
        method: 'POST',
        json: body,
      });
    },
    enabled: question !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /api/availability for the lines over the event (the order's own holds left out). */
export function useLineAvailability(question: EditorQuestion | null) {
  const lines = question?.lines ?? [];
  const items = lines.map((l) => `${l.productId}:${l.quantity}`).join(',');
  return useQuery({
    queryKey: [
      'orders',
      'availability',
      question?.eventStart,
      question?.eventEnd,
      items,
      question?.excludeOrderId,
      question?.surfaceId,
    ],
    queryFn: () => {
      const q = question as EditorQuestion;
      const params = new URLSearchParams({ start: q.eventStart, end: q.eventEnd, items });
      if (q.excludeOrderId) params.set('excludeOrderId', q.excludeOrderId);
      if (q.surfaceId) params.set('surfaceId', q.surfaceId);
      return apiFetch(`/api/availability?${params}`, availabilityResponseSchema);
    },
    enabled: question !== null && lines.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useProductSearch(search: string) {
  return useQuery({
    queryKey: ['orders', 'product-search', search],
    queryFn: () =>
      apiFetch(
        `/api/products?${new URLSearchParams({ search, pageSize: '8', status: 'active' })}`,
        productListResponseSchema,
      ),
    enabled: search.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useCustomerSearch(search: string) {
  return useQuery({
    queryKey: ['orders', 'customer-search', search],
    queryFn: () =>
      apiFetch(
        `/api/customers?${new URLSearchParams({ search, pageSize: '6' })}`,
        customerListResponseSchema,
      ),
    enabled: search.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useCustomerById(id: string | undefined) {
  return useQuery({
    queryKey: ['orders', 'customer', id],
    queryFn: () =>
      apiFetch(`/api/customers/${encodeURIComponent(id as string)}`, customerResponseSchema),
    enabled: Boolean(id),
  });
}

export function useSurfaces() {
  return useQuery({
    queryKey: ['orders', 'surfaces'],
    queryFn: () => apiFetch('/api/surfaces', surfaceListResponseSchema),
  });
}

/** POST /api/customers from the editor: the new customer, picked at once. */
export function useCreateCustomer() {
  return useMutation({
    mutationFn: (input: {
      firstName: string;
      lastName: string;
      email: string;
      phoneNumber: string | null;
    }) => apiFetch('/api/customers', customerResponseSchema, { method: 'POST', json: input }),
    retry: false,
  });
}

/** A refused save: the message, the fields it names and, for stock, the shortages. */
export class OrderSaveError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string[]>,
    readonly shortages: ShortageBody[],
  ) {
    super(message);
  }
}

async function send(path: string, method: 'POST' | 'PATCH', body: unknown): Promise<Order> {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const json: unknown = await response.json().catch(() => null);
  if (response.ok) return orderResponseSchema.parse(json).order;
  const short = unavailableErrorSchema.safeParse(json);
  if (short.success)
    throw new OrderSaveError(short.data.error.message, {}, short.data.error.shortages);
  const error = (json as { error?: { message?: string; fields?: Record<string, string[]> } })
    ?.error;
  throw new OrderSaveError(
    error?.message ?? 'The order could not be saved.',
    error?.fields ?? {},
    [],
  );
}

/** Creates the order, or saves the changes to it (only the fields that changed). */
export function useSaveOrder(orderId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderInput | OrderPatch) =>
      orderId
        ? send(`/api/orders/${encodeURIComponent(orderId)}`, 'PATCH', body)
        : send('/api/orders', 'POST', body),
    retry: false,
    onSuccess: (order) => {
      queryClient.setQueryData(['orders', 'one', order.id], order);
      void queryClient.invalidateQueries({ queryKey: orderQueryKeys.all });
    },
  });
}
