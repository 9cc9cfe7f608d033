import type { QueryClient } from '@tanstack/react-query';
import {
  type SaveWebsitePageInput,
  type WebsitePageResponse,
  websitePageResponseSchema,
} from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { websiteQueryKeys } from './website-query-keys';

/** PUT /api/website/pages/{id}: saves the page's draft; the live page is unchanged. */
export function saveWebsitePage({
  id,
  draft,
}: {
  id: string;
  draft: SaveWebsitePageInput;
}): Promise<WebsitePageResponse> {
  return apiFetch(`/api/website/pages/${encodeURIComponent(id)}`, websitePageResponseSchema, {
    method: 'PUT',
    json: draft,
  });
}

/** A page the server answered with (saved, published): the editor and the list show it. */
export function rememberWebsitePage(queryClient: QueryClient, page: WebsitePageResponse) {
  queryClient.setQueryData(websiteQueryKeys.page(page.id), page);
  return queryClient.invalidateQueries({ queryKey: websiteQueryKeys.pages(), exact: true });
}
