import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ConnectNumberInput,
  type ConnectNumberResponse,
  connectNumberResponseSchema,
  formatPhone,
} from '@tentpole/domain';
import { toast } from 'sonner';
import { checklistQueryKey } from '@/features/signup/api/checklist';
import { apiFetch } from '@/lib/api-client';
import { phoneInfoQueryOptions } from './get-phone-info';

/** Decision 0066: POST /api/phone/numbers buys the number and makes it the business number. */
export function connectNumber(input: ConnectNumberInput): Promise<ConnectNumberResponse> {
  return apiFetch('/api/phone/numbers', connectNumberResponseSchema, {
    method: 'POST',
    json: input,
  });
}

export function useConnectNumber() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: phoneInfoQueryOptions.queryKey }),
      queryClient.invalidateQueries({ queryKey: checklistQueryKey }),
    ]);
  return useMutation({
    mutationFn: connectNumber,
    // A purchase is never retried on its own: the user decides after reading why it failed.
    retry: false,
    onSuccess: async (connected) => {
      toast.success(
        `${formatPhone(connected.phoneNumber) || connected.phoneNumber} is your business number. Calls work now; texts start once your business is registered for texting.`,
      );
      // The rest of Reach (calls, texts, the browser phone) lights up from the phone info.
      await refresh();
    },
    // A 409 may mean another tab got a number meanwhile: show what is true now.
    onError: () => void refresh(),
  });
}
