import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  type ConversationDetail,
  type ConversationListItem,
  conversationDetailResponseSchema,
} from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { conversationListQueryKey, conversationQueryKey } from './text-query-keys';

const EMPTY: ConversationDetail = {
  hasMore: false,
  messages: [],
  customerDetails: { displayName: '', phoneNumber: '' },
};

/**
 * spec §7 POST /api/phone/text/{conversationId}: a page of messages (the newest without
 * `before`), skipped with an empty result when there is no id. The first page marks the
 * conversation read.
 */
export async function getConversation(
  id: string | undefined,
  before?: string,
): Promise<ConversationDetail> {
  if (!id) return EMPTY;
  return apiFetch(`/api/phone/text/${encodeURIComponent(id)}`, conversationDetailResponseSchema, {
    method: 'POST',
    json: before ? { before } : {},
  });
}

/** Reading the newest page marked the conversation read: show it read in every list at once. */
function markReadInLists(queryClient: QueryClient, id: string) {
  queryClient.setQueriesData<ConversationListItem[]>(
    { queryKey: conversationListQueryKey },
    (list) => list?.map((c) => (c.id === id && c.unreadCount > 0 ? { ...c, unreadCount: 0 } : c)),
  );
}

export type ConversationPages = InfiniteData<ConversationDetail, string | null>;

export function conversationQueryOptions(id: string, queryClient: QueryClient) {
  return infiniteQueryOptions({
    queryKey: conversationQueryKey(id),
    queryFn: async ({ pageParam }) => {
      const page = await getConversation(id, pageParam ?? undefined);
      if (pageParam === null) markReadInLists(queryClient, id);
      return page;
    },
    initialPageParam: null as string | null,
    // Pages run newest to oldest; the next one is older than the oldest message loaded.
    getNextPageParam: (last) => (last.hasMore ? (last.messages[0]?.createdAt ?? null) : null),
    staleTime: 0,
  });
}

export function useConversation(id: string) {
  const queryClient = useQueryClient();
  return useInfiniteQuery(conversationQueryOptions(id, queryClient));
}
