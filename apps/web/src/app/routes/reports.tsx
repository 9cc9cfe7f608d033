import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './root';

// Read as plain strings here: this file is in every first visit, and the domain's report rules
// (every report's schema and description) would add a kilobyte to it. The page reads them
// with those rules (features/reports/lib/report-search.ts), dropping what they reject.
const reportsSearchSchema = z.object({
  report: z.string().optional().catch(undefined),
  from: z.string().optional().catch(undefined),
  to: z.string().optional().catch(undefined),
  basis: z.string().optional().catch(undefined),
  groupBy: z.string().optional().catch(undefined),
});

/** back-office spec §11 Reports: one report at a time, its range and choices in the URL. */
export const reportsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reports',
  validateSearch: reportsSearchSchema,
  staticData: { title: 'Reports', permission: 'reports.read' },
  component: lazyRouteComponent(() => import('./reports-page'), 'ReportsPage'),
});
