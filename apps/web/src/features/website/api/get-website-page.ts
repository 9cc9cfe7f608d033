import { queryOptions, useQuery } from '@tanstack/react-query';
import { type WebsitePageResponse, websitePageResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';
import { websiteQueryKeys } from './website-query-keys';

/** GET /api/website/pages/{id}: one page with its draft. */
export function getWebsitePage(id: string): Promise<WebsitePageResponse> {
  return apiFetch(`/api/website/pages/${encodeURIComponent(id)}`, websitePageResponseSchema);
}

export function websitePageQueryOptions(id: string) {
  return queryOptions({
    queryKey: websiteQueryKeys.page(id),
    queryFn: () => getWebsitePage(id),
    // The editor owns the draft once loaded: a refetch on focus would not replace it anyway.
    refetchOnWindowFocus: false,
  });
}

export function useWebsitePage(id: string) {
  return useQuery(websitePageQueryOptions(id));
}
