import { useQuery } from '@tanstack/react-query';
import { callerCardSchema, customerListResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';

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

/** The national part of a number: '+1 (555) 010-0123' and '5550100123' are one number. */
const nationalDigits = (number: string) => number.replace(/\D/g, '').slice(-10);

/**
 * Issue 24 item 1: every customer whose number is the caller's (the same ten digits, however
 * it was typed), so a shared number offers a choice of whose card to show.
 */
export function useCustomersOnNumber(number: string | null) {
  const digits = nationalDigits(number ?? '');
  return useQuery({
    queryKey: ['phone', 'customers-on-number', digits],
    queryFn: async () => {
      const { customers } = await apiFetch(
        `/api/customers?${new URLSearchParams({ search: digits.slice(-7), pageSize: '20' })}`,
        customerListResponseSchema,
      );
      return customers
        .filter((c) => c.phoneNumber && nationalDigits(c.phoneNumber) === digits)
        .map((c) => ({
          id: c.id,
          name: `${c.firstName} ${c.lastName}`.trim(),
          company: c.company,
        }));
    },
    enabled: digits.length >= 7,
    staleTime: CARD_STALE_MS,
    retry: false,
  });
}
