import { useQuery } from '@tanstack/react-query';
import {
  type ReportBasis,
  type ReportKey,
  reportListResponseSchema,
  reportResponseSchema,
} from '@tentpole/domain';
import { apiFetch, retryServerErrorsOnce } from '@/lib/api-client';

/** What a report is asked for; a missing range is the server's default (this month to today). */
export type ReportRequest = {
  from?: string | undefined;
  to?: string | undefined;
  basis?: ReportBasis | undefined;
  groupBy?: 'product' | 'category' | undefined;
};

/** Every reports query sits under 'reports'. */
export const reportQueryKeys = {
  all: ['reports'] as const,
  list: () => [...reportQueryKeys.all, 'list'] as const,
  report: (key: ReportKey, request: ReportRequest) =>
    [...reportQueryKeys.all, 'report', key, request] as const,
};

const enc = encodeURIComponent;

/** The query string of a report's JSON and CSV answers, '' when it has no parameters. */
export function reportSearchParams(request: ReportRequest): string {
  const params = new URLSearchParams();
  if (request.from && request.to) {
    params.set('from', request.from);
    params.set('to', request.to);
  }
  if (request.basis) params.set('basis', request.basis);
  if (request.groupBy) params.set('groupBy', request.groupBy);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** GET /api/reports/{key}/csv: every row of the report, as a download. */
export function reportCsvUrl(key: ReportKey, request: ReportRequest): string {
  return `/api/reports/${enc(key)}/csv${reportSearchParams(request)}`;
}

/** The reports this member may open (financial ones only with `reports.financial`). */
export function useReportList() {
  return useQuery({
    queryKey: reportQueryKeys.list(),
    queryFn: async () => (await apiFetch('/api/reports', reportListResponseSchema)).reports,
  });
}

export function useReport(key: ReportKey | null, request: ReportRequest) {
  return useQuery({
    queryKey: reportQueryKeys.report(key ?? 'revenue', request),
    enabled: key !== null,
    // While another range of the same report loads, its last figures stay in place (dimmed);
    // another report starts from its loading state rather than showing the wrong columns.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === key ? previous : undefined,
    // A refused range (400) or a report not open to this member (403) does not change on retry.
    retry: retryServerErrorsOnce,
    queryFn: async () =>
      apiFetch(
        `/api/reports/${enc(key ?? '')}${reportSearchParams(request)}`,
        reportResponseSchema,
      ),
  });
}
