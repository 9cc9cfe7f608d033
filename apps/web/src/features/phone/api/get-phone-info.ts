import { queryOptions, useQuery } from '@tanstack/react-query';
import { type PhoneInfo, phoneInfoSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';

/** spec §7: GET /api/phone/ gives the phone info, or null when the response is not ok. */
export async function getPhoneInfo(): Promise<PhoneInfo | null> {
  try {
    return await apiFetch('/api/phone/', phoneInfoSchema);
  } catch {
    return null;
  }
}

export const phoneInfoQueryOptions = queryOptions({
  queryKey: ['phone', 'info'],
  queryFn: getPhoneInfo,
  // spec §9: the phone provider query does not retry.
  retry: false,
});

export function usePhoneInfo({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...phoneInfoQueryOptions, enabled });
}
