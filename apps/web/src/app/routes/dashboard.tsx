import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { sessionQueryKey } from '@/features/auth/api/get-session';
import { recentSalesQueryOptions } from '@/features/dashboard/api/get-recent-sales';
import { salesOverviewQueryOptions } from '@/features/dashboard/api/get-sales-overview';
import { STAT_NAMES, statQueryOptions } from '@/features/dashboard/api/get-stat';
import { rootRoute } from './root';

export const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  staticData: { title: 'Dashboard' },
  // On a route change the figures load before the page shows, under the route-change spinner.
  // Only once the session is known to be signed in: on a first visit the sign-in check comes
  // first, and the page then loads its figures itself. Prefetching never throws, so a failed
  // figure never fails the route.
  loader: async ({ context: { queryClient } }) => {
    if (!queryClient.getQueryData(sessionQueryKey)) return;
    await Promise.all([
      ...STAT_NAMES.map((name) => queryClient.prefetchQuery(statQueryOptions(name))),
      queryClient.prefetchQuery(recentSalesQueryOptions),
      queryClient.prefetchQuery(salesOverviewQueryOptions),
    ]);
  },
  component: lazyRouteComponent(() => import('./dashboard-page'), 'DashboardPage'),
});
