import { useMutation, useQueryClient } from '@tanstack/react-query';
import { normalizePhone, sendTextResultSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { textsQueryKey } from './text-query-keys';

export type NewText = { phoneNumber: string; body: string };

/** spec §7 POST /api/phone/text/create: returns the conversation's id. */
export async function createText({ phoneNumber, body }: NewText): Promise<string> {
  const { id } = await apiFetch('/api/phone/text/create', sendTextResultSchema, {
    method: 'POST',
    json: { phoneNumber: normalizePhone(phoneNumber), body },
  });
  return id;
}

export function useCreateText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createText,
    // A retry after a lost answer would text the customer twice.
    retry: false,
    onSuccess: async () => {
      // spec §4: after sending, the conversation list and that conversation are refreshed.
      await queryClient.invalidateQueries({ queryKey: textsQueryKey });
    },
  });
}
