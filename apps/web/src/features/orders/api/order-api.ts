import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CancelMoneyChoice,
  emailQueuedResponseSchema,
  type MoneyKind,
  type OrderStatus,
  orderActivityResponseSchema,
  orderCardResponseSchema,
  orderDocumentListResponseSchema,
  orderDocumentResponseSchema,
  orderLinkResponseSchema,
  orderPhotoListResponseSchema,
  orderResponseSchema,
  type PayLinkInput,
  type PaymentMethod,
  payLinkListResponseSchema,
  payLinkResponseSchema,
  paymentListResponseSchema,
  type RefundMethod,
  type ShortageBody,
  unavailableErrorSchema,
} from '@tentpole/domain';
import { ApiError, apiFetch } from '@/lib/api-client';
import { orderQueryKeys } from './get-orders';

const orderKey = (id: string) => ['orders', 'one', id] as const;
const documentsKey = (id: string) => ['orders', 'documents', id] as const;

export function useOrder(orderId: string) {
  return useQuery({
    queryKey: orderKey(orderId),
    queryFn: async () =>
      (await apiFetch(`/api/orders/${encodeURIComponent(orderId)}`, orderResponseSchema)).order,
  });
}

export function useOrderDocuments(orderId: string) {
  return useQuery({
    queryKey: documentsKey(orderId),
    queryFn: async () =>
      (
        await apiFetch(
          `/api/orders/${encodeURIComponent(orderId)}/documents`,
          orderDocumentListResponseSchema,
        )
      ).documents,
  });
}

/** POST /api/orders/{id}/transitions' body. */
export type TransitionInput = {
  to: OrderStatus;
  reason?: string;
  money?: CancelMoneyChoice;
  returns?: { lineId: string; damaged: number; missing: number }[];
};

/** A refused move: the message, and the shortages when stock is short. */
export class TransitionRefused extends Error {
  constructor(
    message: string,
    readonly shortages: ShortageBody[],
  ) {
    super(message);
  }
}

/** POST /api/orders/{id}/transitions; a 409 for stock keeps its shortages. */
async function transition({ orderId, ...input }: TransitionInput & { orderId: string }) {
  const response = await fetch(`/api/orders/${encodeURIComponent(orderId)}/transitions`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(input),
  });
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return orderResponseSchema.parse(body).order;
  const short = unavailableErrorSchema.safeParse(body);
  if (short.success)
    throw new TransitionRefused(short.data.error.message, short.data.error.shortages);
  const message = (
    body as { error?: { message?: string; fields?: Record<string, string[]> } } | null
  )?.error;
  throw new TransitionRefused(
    Object.values(message?.fields ?? {})[0]?.[0] ??
      message?.message ??
      'The order could not be moved.',
    [],
  );
}

export function useTransition(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TransitionInput) => transition({ orderId, ...input }),
    retry: false,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKey(orderId), order);
      void queryClient.invalidateQueries({ queryKey: orderQueryKeys.all });
      void queryClient.invalidateQueries({ queryKey: paymentsKey(orderId) });
      void queryClient.invalidateQueries({ queryKey: activityKey(orderId) });
    },
  });
}

export function useCreateDocument(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: 'quote' | 'contract' | 'invoice') =>
      apiFetch(
        `/api/orders/${encodeURIComponent(orderId)}/documents`,
        orderDocumentResponseSchema,
        {
          method: 'POST',
          json: { kind },
        },
      ),
    retry: false,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: documentsKey(orderId) }),
  });
}

export function useCustomerLink(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch(`/api/orders/${encodeURIComponent(orderId)}/link`, orderLinkResponseSchema, {
        method: 'POST',
      }),
    retry: false,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: documentsKey(orderId) }),
  });
}

export { ApiError };

const paymentsKey = (id: string) => ['orders', 'payments', id] as const;
const payLinksKey = (id: string) => ['orders', 'pay-links', id] as const;

/** GET /api/orders/{id}/pay-links: the order's pay links, and whether cards are taken. */
export function useOrderPayLinks(orderId: string) {
  return useQuery({
    queryKey: payLinksKey(orderId),
    queryFn: () =>
      apiFetch(`/api/orders/${encodeURIComponent(orderId)}/pay-links`, payLinkListResponseSchema),
  });
}

/** POST /api/orders/{id}/pay-links: a Checkout page for the deposit, the balance or an amount. */
export function useCreatePayLink(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PayLinkInput) =>
      apiFetch(`/api/orders/${encodeURIComponent(orderId)}/pay-links`, payLinkResponseSchema, {
        method: 'POST',
        json: input,
      }),
    retry: false,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: payLinksKey(orderId) }),
  });
}

export function useOrderPayments(orderId: string) {
  return useQuery({
    queryKey: paymentsKey(orderId),
    queryFn: () =>
      apiFetch(`/api/orders/${encodeURIComponent(orderId)}/payments`, paymentListResponseSchema),
  });
}

/** POST /api/orders/{id}/payments: a manual payment; the order comes back with its balance. */
export function useRecordPayment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { amount: number; method: PaymentMethod; of: 'rental' | 'deposit' }) =>
      apiFetch(`/api/orders/${encodeURIComponent(orderId)}/payments`, orderResponseSchema, {
        method: 'POST',
        json: input,
      }),
    retry: false,
    onSuccess: ({ order }) => {
      queryClient.setQueryData(orderKey(orderId), order);
      void queryClient.invalidateQueries({ queryKey: paymentsKey(orderId) });
      void queryClient.invalidateQueries({ queryKey: orderQueryKeys.all });
    },
  });
}

/** POST /api/orders/{id}/refunds (`payment.refund`): back the way it came, or as store credit. */
export function useRecordRefund(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { amount: number; of: MoneyKind; method: RefundMethod; reason: string }) =>
      apiFetch(`/api/orders/${encodeURIComponent(orderId)}/refunds`, orderResponseSchema, {
        method: 'POST',
        json: input,
      }),
    retry: false,
    onSuccess: ({ order }) => {
      queryClient.setQueryData(orderKey(orderId), order);
      void queryClient.invalidateQueries({ queryKey: paymentsKey(orderId) });
      void queryClient.invalidateQueries({ queryKey: activityKey(orderId) });
      void queryClient.invalidateQueries({ queryKey: orderQueryKeys.all });
    },
  });
}

const activityKey = (id: string) => ['orders', 'activity', id] as const;

/** GET /api/orders/{id}/activity: every change, who made it and when. */
export function useOrderActivity(orderId: string) {
  return useQuery({
    queryKey: activityKey(orderId),
    queryFn: async () =>
      (
        await apiFetch(
          `/api/orders/${encodeURIComponent(orderId)}/activity`,
          orderActivityResponseSchema,
        )
      ).activity,
  });
}

/** GET /api/orders/{id}/photos: the setup site's photos the customer sent. */
export function useOrderPhotos(orderId: string) {
  return useQuery({
    queryKey: ['orders', 'photos', orderId],
    queryFn: async () =>
      (
        await apiFetch(
          `/api/orders/${encodeURIComponent(orderId)}/photos`,
          orderPhotoListResponseSchema,
        )
      ).photos,
  });
}

const cardKey = (id: string) => ['orders', 'card', id] as const;

/** GET /api/orders/{id}/card: the card on file and the order's automatic charges. */
export function useOrderCard(orderId: string) {
  return useQuery({
    queryKey: cardKey(orderId),
    queryFn: () =>
      apiFetch(`/api/orders/${encodeURIComponent(orderId)}/card`, orderCardResponseSchema),
  });
}

/** Keep part of the security deposit held on the card, or release it. */
export function useSettleHold(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      input:
        | { action: 'capture'; amount: number; note: string; photos: File[] }
        | { action: 'release' },
    ) => {
      // Photos of the damage first, so what is kept is on the order with its evidence.
      if (input.action === 'capture' && input.photos.length > 0) {
        const form = new FormData();
        for (const photo of input.photos) form.append('photos', photo);
        await apiFetch(
          `/api/orders/${encodeURIComponent(orderId)}/photos`,
          orderPhotoListResponseSchema,
          { method: 'POST', form },
        );
      }
      return apiFetch(
        `/api/orders/${encodeURIComponent(orderId)}/card-hold/${input.action}`,
        orderResponseSchema,
        input.action === 'capture'
          ? { method: 'POST', json: { amount: input.amount, note: input.note } }
          : { method: 'POST' },
      );
    },
    retry: false,
    onSuccess: ({ order }) => {
      queryClient.setQueryData(orderKey(orderId), order);
      void queryClient.invalidateQueries({ queryKey: ['orders', 'photos', orderId] });
      void queryClient.invalidateQueries({ queryKey: cardKey(orderId) });
      void queryClient.invalidateQueries({ queryKey: paymentsKey(orderId) });
      void queryClient.invalidateQueries({ queryKey: activityKey(orderId) });
    },
  });
}

/** POST /api/orders/{id}/pay-links/{linkId}/email: the pay link to the customer by e-mail. */
export function useEmailPayLink(orderId: string) {
  return useMutation({
    mutationFn: (linkId: string) =>
      apiFetch(
        `/api/orders/${encodeURIComponent(orderId)}/pay-links/${encodeURIComponent(linkId)}/email`,
        emailQueuedResponseSchema,
        { method: 'POST' },
      ),
    retry: false,
  });
}
