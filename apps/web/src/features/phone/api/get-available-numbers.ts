import { useQuery } from '@tanstack/react-query';
import { type AvailableNumbersResponse, availableNumbersResponseSchema } from '@tentpole/domain';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';

/** Decision 0066: GET /api/phone/numbers/available, local US numbers (by area code, or any). */
export function getAvailableNumbers(
  areaCode: string | undefined,
): Promise<AvailableNumbersResponse> {
  const query = areaCode ? `?${new URLSearchParams({ areaCode })}` : '';
  return apiFetch(`/api/phone/numbers/available${query}`, availableNumbersResponseSchema);
}

export const availableNumbersQueryKey = (areaCode: string | undefined) =>
  ['phone', 'available-numbers', areaCode ?? ''] as const;

/** The numbers offered for a search the user made (null: none made yet). */
export function useAvailableNumbers(search: { areaCode: string | undefined } | null) {
  return useQuery({
    queryKey: availableNumbersQueryKey(search?.areaCode),
    queryFn: () => getAvailableNumbers(search?.areaCode),
    enabled: search !== null,
    // Numbers sell: a search shows what is free now, not five minutes ago.
    staleTime: 0,
    gcTime: 60_000,
    retry: retryServerErrorsOnce,
  });
}
