import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';
import { websiteQueryKeys } from './website-query-keys';

/** DELETE /api/website/pages/{id}: the page leaves the store and its menu. */
export async function deleteWebsitePage(id: string): Promise<void> {
  await apiFetch(`/api/website/pages/${encodeURIComponent(id)}`, z.unknown(), {
    method: 'DELETE',
  });
}

export function useDeleteWebsitePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebsitePage,
    retry: false,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: websiteQueryKeys.page(id) });
      return queryClient.invalidateQueries({ queryKey: websiteQueryKeys.pages(), exact: true });
    },
  });
}
