import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CreateWebsitePageInput,
  type WebsitePageResponse,
  websitePageResponseSchema,
} from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { rememberWebsitePage } from './save-website-page';

/** POST /api/website/pages: a new, empty, unpublished page, last in the menu. */
export function createWebsitePage(input: CreateWebsitePageInput): Promise<WebsitePageResponse> {
  return apiFetch('/api/website/pages', websitePageResponseSchema, {
    method: 'POST',
    json: input,
  });
}

export function useCreateWebsitePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebsitePage,
    retry: false,
    onSuccess: (page) => rememberWebsitePage(queryClient, page),
  });
}
