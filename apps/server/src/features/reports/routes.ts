import {
  can,
  REPORT_INFO,
  REPORT_KEYS,
  REPORT_ROWS_SHOWN,
  type ReportKey,
  reportListResponseSchema,
  reportPermissions,
  reportQuerySchema,
  reportResponseSchema,
  type SessionUser,
} from '@tentpole/domain';
import { readQuery } from '../../http/read-body.js';
import type { RouteDef } from '../../http/route-table.js';
import type { FeatureContext } from '../feature.js';
import { csvHeader, csvRow } from './csv.js';
import { reportScope } from './range.js';
import { REPORTS, type ReportBody } from './reports.js';

const tag = 'Reports';
const EXPORT_PAGE = 1_000;

/**
 * §1: money figures need `reports.financial`. A money report's route asks for it; in the other
 * reports (utilisation, coupons, cancellations) a member without it sees counts, not money.
 */
function forMember(key: ReportKey, body: ReportBody, user: SessionUser): ReportBody {
  if (REPORT_INFO[key].financial || can(user.roles, 'reports.financial')) return body;
  const columns = body.columns.filter((c) => c.format !== 'money');
  const shown = new Set(columns.map((c) => c.key));
  return {
    ...body,
    summary: body.summary.filter((f) => f.format !== 'money'),
    chart: body.chart?.format === 'money' ? null : body.chart,
    columns,
    rows: body.rows.map((row) =>
      Object.fromEntries(Object.entries(row).filter(([k]) => shown.has(k) || k.endsWith('Id'))),
    ),
  };
}

/** One route per report (and its CSV), each declaring what it needs (§1). */
export function reportRoutes({ db, clock }: FeatureContext): RouteDef[] {
  const routes: RouteDef[] = [
    {
      method: 'GET',
      path: '/api/reports',
      access: { permission: 'reports.read' },
      summary: 'The reports this member may open.',
      tag,
      response: reportListResponseSchema,
      async handler(c) {
        const user = c.get('user');
        return c.json({
          reports: REPORT_KEYS.filter((key) =>
            reportPermissions(key).every((p) => can(user.roles, p)),
          ).map((key) => ({ key, ...REPORT_INFO[key] })),
        });
      },
    },
  ];
  for (const key of REPORT_KEYS) {
    const info = REPORT_INFO[key];
    const access = info.financial
      ? ({ permission: 'reports.read', also: ['reports.financial'] } as const)
      : ({ permission: 'reports.read' } as const);
    const load = async (c: Parameters<RouteDef['handler']>[0]) => {
      const user = c.get('user');
      const query = readQuery(c, reportQuerySchema);
      const scope = await reportScope(db, user.accountId, query, clock());
      return { user, query, scope };
    };
    routes.push(
      {
        method: 'GET',
        path: `/api/reports/${key}`,
        access,
        summary: `${info.title}: ${info.description} Summary against the previous period, chart and table (the first ${REPORT_ROWS_SHOWN} rows).`,
        tag,
        query: reportQuerySchema,
        response: reportResponseSchema,
        async handler(c) {
          const { user, query, scope } = await load(c);
          const body = forMember(
            key,
            await REPORTS[key].build(db, scope, query, REPORT_ROWS_SHOWN),
            user,
          );
          return c.json({
            key,
            title: info.title,
            range: scope.range,
            previousRange: scope.previous,
            currency: scope.currency,
            ...body,
          });
        },
      },
      {
        method: 'GET',
        path: `/api/reports/${key}/csv`,
        access,
        summary: `${info.title} as CSV: every row, streamed.`,
        tag,
        query: reportQuerySchema,
        response: { kind: 'stream', description: 'text/csv, the table with a header line' },
        async handler(c) {
          const { user, query, scope } = await load(c);
          const report = REPORTS[key];
          // The table's columns and, for reports with a row per order, pages of rows read one
          // at a time as the client takes them: a large export never sits in memory whole.
          // Reports without pages are built once, whole; the others once for their columns.
          const first = forMember(
            key,
            await report.build(db, scope, query, report.pages ? 0 : Number.MAX_SAFE_INTEGER),
            user,
          );
          const columns = first.columns;
          const encoder = new TextEncoder();
          let after: number | null = null;
          let started = false;
          let done = false;
          const stream = new ReadableStream<Uint8Array>({
            async pull(controller) {
              if (!started) {
                started = true;
                controller.enqueue(encoder.encode(csvHeader(columns)));
                if (!report.pages) {
                  controller.enqueue(
                    encoder.encode(
                      first.rows.map((r) => csvRow(columns, r, scope.currency)).join(''),
                    ),
                  );
                  done = true;
                }
              } else if (!done && report.pages) {
                const page = await report.pages(db, scope, query, after, EXPORT_PAGE);
                controller.enqueue(
                  encoder.encode(page.rows.map((r) => csvRow(columns, r, scope.currency)).join('')),
                );
                after = page.next;
                if (after === null) done = true;
              }
              if (done) controller.close();
            },
          });
          const name = `${key}-${scope.range.from}-to-${scope.range.to}.csv`;
          return new Response(stream, {
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition': `attachment; filename="${name}"`,
              'cache-control': 'no-store',
            },
          });
        },
      },
    );
  }
  return routes;
}
