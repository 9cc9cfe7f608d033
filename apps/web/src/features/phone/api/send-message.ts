import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  REPLY_FAILED_MESSAGE,
  type SentMessage,
  sentMessageResponseSchema,
} from '@tentpole/domain';
import { toast } from 'sonner';
import { ApiError, apiFetch } from '@/lib/api-client';
import { conversationListQueryKey, conversationQueryKey } from './text-query-keys';

export type { SentMessage };

/** Why a reply failed, beyond the spec's toast: the server's reason for a refusal. */
export class ReplyError extends Error {
  override readonly name = 'ReplyError';
  constructor(readonly reason: string | null) {
    super(REPLY_FAILED_MESSAGE);
  }
}

/**
 * spec §7 POST /api/phone/text/{conversationId}/sendMessage: the answer is returned as is.
 * spec §8: a failure toasts 'Failed to send message' and returns an error with the same text.
 */
export async function sendMessage(conversationId: string, body: string): Promise<SentMessage> {
  try {
    return await apiFetch(
      `/api/phone/text/${encodeURIComponent(conversationId)}/sendMessage`,
      sentMessageResponseSchema,
      { method: 'POST', json: { body } },
    );
  } catch (error) {
    // A refusal (opted out, no permission) carries a reason worth reading; a 5xx does not.
    const reason =
      error instanceof ApiError && error.status < 500 && error.body ? error.message : null;
    toast.error(REPLY_FAILED_MESSAGE, reason ? { description: reason } : undefined);
    throw new ReplyError(reason);
  }
}

export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => sendMessage(conversationId, body),
    // A retry after a lost answer would text the customer twice.
    retry: false,
    onSuccess: async () => {
      // spec §4: after sending, the conversation list and that conversation are refreshed.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationQueryKey(conversationId) }),
        queryClient.invalidateQueries({ queryKey: conversationListQueryKey }),
      ]);
    },
  });
}
