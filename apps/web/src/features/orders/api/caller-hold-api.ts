import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CallerHoldInput,
  callerHoldResponseSchema,
  callerOfferResponseSchema,
  errorBodySchema,
  type ShortageBody,
  unavailableErrorSchema,
} from '@tentpole/domain';
import { ApiError, apiFetch } from '@/lib/api-client';
import { orderQueryKeys } from './get-orders';

/** The party's window and ZIP code the caller asks about; null while the form is incomplete. */
export type CallerOfferWindow = { start: string; end: string; postalCode: string };

const offerKey = (window: CallerOfferWindow | null) =>
  ['orders', 'caller-offer', window?.start, window?.end, window?.postalCode] as const;

/**
 * Issue 24 item 2: GET /api/orders/caller-offer, what is free for the window with its price and
 * the delivery fee for the ZIP code. Waits for a whole window; keeps the last list while the
 * next one loads, so the rows do not flicker as staff type.
 */
export function useCallerOffer(window: CallerOfferWindow | null) {
  return useQuery({
    queryKey: offerKey(window),
    queryFn: () => {
      const { start = '', end = '', postalCode = '' } = window ?? {};
      const search = new URLSearchParams({ start, end });
      if (postalCode.trim() !== '') search.set('postalCode', postalCode.trim());
      return apiFetch(`/api/orders/caller-offer?${search}`, callerOfferResponseSchema);
    },
    enabled: window !== null,
    placeholderData: keepPreviousData,
    // Stock moves while the phone is in hand: what is free is read fresh.
    staleTime: 0,
  });
}

/** A 409 from POST /api/orders/caller-holds: the items no longer free. */
export class CallerHoldUnavailable extends Error {
  constructor(
    message: string,
    readonly shortages: ShortageBody[],
  ) {
    super(message);
  }
}

async function createCallerHold(input: CallerHoldInput) {
  const response = await fetch('/api/orders/caller-holds', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(input),
  });
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return callerHoldResponseSchema.parse(body);
  const short = unavailableErrorSchema.safeParse(body);
  if (short.success)
    throw new CallerHoldUnavailable(short.data.error.message, short.data.error.shortages);
  // Anything else reads as the app's other errors do (field errors kept for the form).
  const parsed = errorBodySchema.safeParse(body);
  if (response.status === 409 && parsed.data?.error.code === 'unavailable')
    throw new CallerHoldUnavailable(parsed.data.error.message, []);
  throw new ApiError(response.status, parsed.success ? parsed.data : null);
}

/**
 * Issue 24 item 2: POST /api/orders/caller-holds, a timed hold for the caller, texted to them.
 * A 409 throws `CallerHoldUnavailable` and reads the offer again.
 */
export function useCreateCallerHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCallerHold,
    retry: false,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: orderQueryKeys.all }),
    onError: (error) => {
      if (error instanceof CallerHoldUnavailable)
        void queryClient.invalidateQueries({ queryKey: ['orders', 'caller-offer'] });
    },
  });
}
