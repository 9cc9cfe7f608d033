import { queryOptions, useQuery } from '@tanstack/react-query';
import { type WebsitePagesResponse, websitePagesResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { websiteQueryKeys } from './website-query-keys';

/** GET /api/website/pages: the store's address and every page, home first, then menu order. */
export function getWebsitePages(): Promise<WebsitePagesResponse> {
  return apiFetch('/api/website/pages', websitePagesResponseSchema);
}

export function websitePagesQueryOptions() {
  return queryOptions({ queryKey: websiteQueryKeys.pages(), queryFn: getWebsitePages });
}

export function useWebsitePages() {
  return useQuery(websitePagesQueryOptions());
}
