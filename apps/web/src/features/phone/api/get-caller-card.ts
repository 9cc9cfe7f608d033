import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callerCardSchema, callersResponseSchema, chosenCallerSchema } from '@tentpole/domain';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';
import { callLogQueryKey } from './get-call-log';
import { textsQueryKey } from './text-query-keys';

/** A caller's next order moves while the phone rings (a payment, a change): read it fresh. */
const CARD_STALE_MS = 30_000;

export const callerCardQueryKey = (customerId: string) =>
  ['phone', 'caller-card', customerId] as const;

/** Issue 24 item 1: GET /api/phone/caller-card, the card of the customer who calls or texts. */
export function useCallerCard(customerId: string | null) {
  return useQuery({
    queryKey: callerCardQueryKey(customerId ?? ''),
    queryFn: () =>
      apiFetch(
        `/api/phone/caller-card?${new URLSearchParams({ customerId: customerId ?? '' })}`,
        callerCardSchema,
      ),
    enabled: customerId !== null,
    staleTime: CARD_STALE_MS,
    // Wanted while the phone rings: a failure shows the plain next-order line instead.
    retry: false,
  });
}

/**
 * Issue 24 item 1: every customer whose number is the caller's (however it was typed: the
 * server compares it normalised), so a shared number offers a choice of whose card to show.
 * Reach's own route: whoever takes calls may read it, with or without the customers list.
 */
export function useCustomersOnNumber(number: string | null) {
  const digits = (number ?? '').replace(/\D/g, '');
  return useQuery({
    queryKey: callersQueryKey(digits),
    queryFn: async () => {
      const { customers } = await apiFetch(
        `/api/phone/callers?${new URLSearchParams({ number: number ?? '' })}`,
        callersResponseSchema,
      );
      return customers.map((c) => ({
        id: c.id,
        firstName: c.firstName,
        lastName: c.lastName,
        name: `${c.firstName} ${c.lastName}`.trim(),
        company: c.company,
      }));
    },
    enabled: digits.length >= 7,
    staleTime: CARD_STALE_MS,
    retry: false,
  });
}

export const callersQueryKey = (digits: string) => ['phone', 'callers', digits] as const;

/**
 * Issue 24 item 1: the choice among customers sharing a number, kept on the call (by the
 * carrier's id, for the call log) or on the conversation (its thread and list show the name).
 */
export function useRememberCaller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, customerId }: { path: string; customerId: string }) =>
      apiFetch(path, chosenCallerSchema, { method: 'PUT', json: { customerId } }),
    onSuccess: (_data, { path }) => {
      void queryClient.invalidateQueries({
        queryKey: path.startsWith('/api/phone/text/') ? textsQueryKey : callLogQueryKey,
      });
    },
    retry: retryServerErrorsOnce,
  });
}
