import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type CallLogEntry, callLogResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';

/** spec §7 GET /api/phone/calls?filter=: the field calls. */
export async function getCallLog(filter: string): Promise<CallLogEntry[]> {
  const search = new URLSearchParams({ filter });
  const { calls } = await apiFetch(`/api/phone/calls?${search}`, callLogResponseSchema);
  return calls;
}

export const callLogQueryKey = ['phone', 'calls'] as const;

export function callLogQueryOptions(filter: string) {
  return queryOptions({
    queryKey: [...callLogQueryKey, filter],
    queryFn: () => getCallLog(filter),
    // A phone log goes stale the moment a call ends; the default 5 minutes would hide calls.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

// Calls answered on other phones and voicemails arrive without this tab taking part.
const CALL_LOG_POLL_MS = 10_000;

export function useCallLog(filter: string) {
  return useQuery({ ...callLogQueryOptions(filter), refetchInterval: CALL_LOG_POLL_MS });
}
