import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ConversationListItem, conversationListResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { conversationListQueryKey } from './text-query-keys';

/** spec §7 GET /api/phone/text?filter=: the field conversations (newest first). */
export async function getConversations(filter: string): Promise<ConversationListItem[]> {
  const search = new URLSearchParams({ filter });
  const { conversations } = await apiFetch(
    `/api/phone/text?${search}`,
    conversationListResponseSchema,
  );
  return conversations;
}

export function conversationsQueryOptions(filter: string) {
  return queryOptions({
    queryKey: [...conversationListQueryKey, filter],
    queryFn: () => getConversations(filter),
    // Kept fresh by the account's event stream; a refetch is cheap when one is missed.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useConversations(filter: string, { enabled = true } = {}) {
  return useQuery({ ...conversationsQueryOptions(filter), enabled });
}

/**
 * The list entry of one conversation (its customer and opt-out state, which the conversation
 * page does not carry), found by searching for its number.
 */
export function useConversationSummary(id: string, phoneNumber: string | undefined) {
  const digits = phoneNumber?.replace(/\D/g, '') ?? '';
  return useQuery({
    ...conversationsQueryOptions(digits),
    enabled: digits.length >= 3,
    placeholderData: undefined,
    select: (conversations) => conversations.find((c) => c.id === id) ?? null,
  });
}

// Reads elsewhere (another tab, another person) raise no event; this catches them up.
const UNREAD_POLL_MS = 20_000;

/** Unread texts in the account: the sum over conversations with any (spec §2 Reach badge). */
export function useUnreadTextCount({ enabled }: { enabled: boolean }): number {
  const unread = useQuery({
    ...conversationsQueryOptions('unread'),
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    select: (conversations) => conversations.reduce((sum, c) => sum + c.unreadCount, 0),
  });
  return enabled ? (unread.data ?? 0) : 0;
}
