import { type ReportKey, reportKeySchema, reportQuerySchema } from '@tentpole/domain';
import { z } from 'zod';
import type { ReportRequest } from '../api/reports-api';

const { shape } = reportQuerySchema;

/**
 * The Reports screen's URL search params (`?report=revenue&from=…&to=…&basis=…&groupBy=…`):
 * the API's own query, read leniently. A value the rules reject is dropped on its own, so a
 * hand-edited `?report=revenue&basis=yearly` still opens the revenue report.
 */
export const reportSearchSchema = z.object({
  report: reportKeySchema.optional().catch(undefined),
  from: shape.from.catch(undefined),
  to: shape.to.catch(undefined),
  basis: shape.basis.unwrap().optional().catch(undefined),
  groupBy: shape.groupBy.unwrap().optional().catch(undefined),
});
export type ReportSearch = z.output<typeof reportSearchSchema>;

/**
 * What to ask the server for: the range only when both days are there (otherwise the server's
 * default, this month to today), the basis only for a report that has one, the grouping only
 * for utilisation.
 */
export function reportRequestFor(
  report: { key: ReportKey; hasBasis: boolean },
  search: ReportSearch,
): ReportRequest {
  return {
    ...(search.from && search.to ? { from: search.from, to: search.to } : {}),
    ...(report.hasBasis && search.basis ? { basis: search.basis } : {}),
    ...(report.key === 'utilisation' && search.groupBy ? { groupBy: search.groupBy } : {}),
  };
}
