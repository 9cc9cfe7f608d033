import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ConversationUpdateInput,
  conversationStateSchema,
  filledReplySchema,
  type SavedReplyInput,
  savedReplyListResponseSchema,
  savedReplySchema,
  teammatesResponseSchema,
} from '@tentpole/domain';
import { z } from 'zod';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';
import { conversationListQueryKey, conversationQueryKey, textsQueryKey } from './text-query-keys';

// Issue 24 item 7, the shared inbox (decision 0060): who has a conversation, whether it is
// done, and the team's saved replies.

const teammatesKey = [...textsQueryKey, 'teammates'] as const;
const savedRepliesKey = [...textsQueryKey, 'saved-replies'] as const;

/** The members a conversation can be given to (they can read texts). */
export function useTeammates(enabled = true) {
  return useQuery({
    queryKey: teammatesKey,
    queryFn: async () =>
      (await apiFetch('/api/phone/teammates', teammatesResponseSchema)).teammates,
    enabled,
    staleTime: 60_000,
  });
}

/** Assign, close or reopen; every list and the conversation read again (other tabs by event). */
export function useUpdateConversation(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    retry: retryServerErrorsOnce,
    mutationFn: (change: ConversationUpdateInput) =>
      apiFetch(`/api/phone/text/${encodeURIComponent(conversationId)}`, conversationStateSchema, {
        method: 'PATCH',
        json: change,
      }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationQueryKey(conversationId) }),
        queryClient.invalidateQueries({ queryKey: conversationListQueryKey }),
      ]);
    },
  });
}

export function useSavedReplies(enabled = true) {
  return useQuery({
    queryKey: savedRepliesKey,
    queryFn: async () =>
      (await apiFetch('/api/saved-replies', savedReplyListResponseSchema)).replies,
    enabled,
  });
}

/** Saves a new reply (no id) or changes one. */
export function useSaveReply() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: retryServerErrorsOnce,
    mutationFn: ({ id, ...input }: SavedReplyInput & { id?: string }) =>
      apiFetch(
        id ? `/api/saved-replies/${encodeURIComponent(id)}` : '/api/saved-replies',
        savedReplySchema,
        { method: id ? 'PUT' : 'POST', json: input },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedRepliesKey }),
  });
}

export function useDeleteReply() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: retryServerErrorsOnce,
    mutationFn: (id: string) =>
      apiFetch(`/api/saved-replies/${encodeURIComponent(id)}`, z.null(), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedRepliesKey }),
  });
}

/** A saved reply filled for this conversation's customer and their next order. */
export function useFillReply(conversationId: string) {
  return useMutation({
    retry: retryServerErrorsOnce,
    mutationFn: (replyId: string) =>
      apiFetch(`/api/saved-replies/${encodeURIComponent(replyId)}/fill`, filledReplySchema, {
        method: 'POST',
        json: { conversationId },
      }),
  });
}
