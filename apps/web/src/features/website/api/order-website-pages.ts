import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';
import { websiteQueryKeys } from './website-query-keys';

/** PUT /api/website/pages/order: the pages' order in the store's menu, the home page first. */
export async function orderWebsitePages(ids: readonly string[]): Promise<void> {
  await apiFetch('/api/website/pages/order', z.unknown(), { method: 'PUT', json: { ids } });
}

export function useOrderWebsitePages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: orderWebsitePages,
    retry: retryServerErrorsOnce,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: websiteQueryKeys.pages(), exact: true }),
  });
}
