import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type StoreDomain,
  type StoreDomainInput,
  storeDomainResponseSchema,
  storeDomainSchema,
} from '@tentpole/domain';
import { z } from 'zod';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';
import { storeQueryKeys } from './store-query-keys';

/** GET /api/store/domain: the custom domain (pending with its DNS records, or verified). */
export function useStoreDomain() {
  return useQuery({
    queryKey: storeQueryKeys.domain(),
    queryFn: async () => (await apiFetch('/api/store/domain', storeDomainResponseSchema)).domain,
  });
}

function useDomainMutation<TInput>(
  request: (input: TInput) => Promise<{ domain: StoreDomain | null; message?: string }>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    retry: retryServerErrorsOnce,
    onSuccess: ({ domain }) => queryClient.setQueryData(storeQueryKeys.domain(), domain),
  });
}

/** PUT /api/store/domain: maps the domain, pending until its TXT record is found. */
export const useSaveStoreDomain = () =>
  useDomainMutation((input: StoreDomainInput) =>
    apiFetch('/api/store/domain', storeDomainResponseSchema, { method: 'PUT', json: input }),
  );

/** DELETE /api/store/domain. */
export const useRemoveStoreDomain = () =>
  useDomainMutation(() =>
    apiFetch('/api/store/domain', storeDomainResponseSchema, { method: 'DELETE' }),
  );

const verifiedSchema = z.object({ domain: storeDomainSchema, message: z.string() });

/** POST /api/store/domain/verify ("Check DNS"): its message says what was found. */
export const useVerifyStoreDomain = () =>
  useDomainMutation(() => apiFetch('/api/store/domain/verify', verifiedSchema, { method: 'POST' }));
