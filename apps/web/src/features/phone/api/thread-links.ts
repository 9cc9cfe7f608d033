import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  conversationTimelineResponseSchema,
  type ThreadLinkInput,
  threadLinkOptionsResponseSchema,
  threadLinkResponseSchema,
} from '@tentpole/domain';
import { useAccountEvent, useAccountStream } from '@/app/providers/account-events-provider';
import { apiFetch } from '@/lib/api-client';
import { textsQueryKey } from './text-query-keys';

const linksKey = (conversationId: string) => [...textsQueryKey, 'links', conversationId] as const;
const timelineKey = (conversationId: string) =>
  [...textsQueryKey, 'timeline', conversationId] as const;
const base = (conversationId: string) => `/api/phone/text/${encodeURIComponent(conversationId)}`;

/** Issue 24 item 3: the links the reply box offers (the customer's open orders), when asked. */
export function useThreadLinkOptions(conversationId: string, enabled: boolean) {
  return useQuery({
    queryKey: linksKey(conversationId),
    queryFn: () => apiFetch(`${base(conversationId)}/links`, threadLinkOptionsResponseSchema),
    enabled,
    staleTime: 0,
  });
}

/** A short link for the reply (the order page, a pay link, the contract, the changes). */
export function useCreateThreadLink(conversationId: string) {
  return useMutation({
    mutationFn: (input: ThreadLinkInput) =>
      apiFetch(`${base(conversationId)}/links`, threadLinkResponseSchema, {
        method: 'POST',
        json: input,
      }),
  });
}

/**
 * What the customer did on their links (paid, signed, approved), kept live: each of those
 * changes an order, and the account's event stream says so.
 */
export function useConversationTimeline(conversationId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: timelineKey(conversationId) });
  // What happened while the stream was down is read again when it is back.
  useAccountStream({ onReady: refresh });
  useAccountEvent('order.updated', refresh);
  return useQuery({
    queryKey: timelineKey(conversationId),
    queryFn: () => apiFetch(`${base(conversationId)}/timeline`, conversationTimelineResponseSchema),
    enabled,
  });
}
