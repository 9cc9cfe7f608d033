import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type WebsitePageResponse, websitePageResponseSchema } from '@tentpole/domain';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';
import { rememberWebsitePage } from './save-website-page';

/** POST /api/website/pages/{id}/publish: the saved draft becomes what shoppers see. */
export function publishWebsitePage(id: string): Promise<WebsitePageResponse> {
  return apiFetch(
    `/api/website/pages/${encodeURIComponent(id)}/publish`,
    websitePageResponseSchema,
    { method: 'POST' },
  );
}

export function usePublishWebsitePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishWebsitePage,
    retry: retryServerErrorsOnce,
    onSuccess: (page) => rememberWebsitePage(queryClient, page),
  });
}
