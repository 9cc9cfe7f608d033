import { useMutation } from '@tanstack/react-query';
import {
  CLICK_TO_CALL_FAILURE_MESSAGE,
  CLICK_TO_CALL_SUCCESS_MESSAGE,
  normalizePhone,
} from '@tentpole/domain';
import { toast } from 'sonner';
import { z } from 'zod';
import { useInstrumentation } from '@/app/providers/instrumentation-provider';
import { ApiError, apiFetch } from '@/lib/api-client';

// spec §7: the response body is not read.
const ignoredBody = z.unknown();

/** spec §7 POST /api/phone/voice/call: ring the user's own mobile, then the number. */
export async function placeMobileCall(phoneNumber: string): Promise<void> {
  // spec §5: a 10-digit number is prefixed with +1 before the call is placed.
  await apiFetch('/api/phone/voice/call', ignoredBody, {
    method: 'POST',
    json: { phoneNumber: normalizePhone(phoneNumber) },
  });
}

export function usePlaceMobileCall() {
  const { errors } = useInstrumentation();
  return useMutation({
    mutationFn: placeMobileCall,
    // Placing a call twice because the first answer was slow would ring the mobile twice.
    retry: false,
    onSuccess: () => {
      // spec §8: success toast.
      toast.success(CLICK_TO_CALL_SUCCESS_MESSAGE);
    },
    onError: (error) => {
      // spec §8: reported with 'Failed to make outbound call' (and shown, so it is not silent).
      errors.captureException(new Error(CLICK_TO_CALL_FAILURE_MESSAGE, { cause: error }), {
        status: error instanceof ApiError ? error.status : undefined,
      });
      toast.error(CLICK_TO_CALL_FAILURE_MESSAGE, { description: error.message });
    },
  });
}
