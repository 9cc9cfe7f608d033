import { useQueryClient } from '@tanstack/react-query';
import { createRoute } from '@tanstack/react-router';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { useActiveAccount } from '@/features/accounts/hooks/use-active-account';
import { sessionQueryKey } from '@/features/auth/api/get-session';
import { recentSalesQueryOptions } from '@/features/dashboard/api/get-recent-sales';
import { salesOverviewQueryOptions } from '@/features/dashboard/api/get-sales-overview';
import { STAT_NAMES, statQueryOptions } from '@/features/dashboard/api/get-stat';
import { RecentSales } from '@/features/dashboard/components/recent-sales';
import { SalesOverview } from '@/features/dashboard/components/sales-overview';
import { StatTiles } from '@/features/dashboard/components/stat-tiles';
import { PageHeaderActions } from '../shell/page-header-actions';
import { rootRoute } from './root';

function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** spec §2 Dashboard tiles, on the home page. */
function DashboardPage() {
  const { user } = useAuthenticatedSession();
  const activeAccount = useActiveAccount(user.accountId);
  const queryClient = useQueryClient();

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <PageHeaderActions
        secondaryActions={[
          {
            label: 'Refresh figures',
            onClick: () => void queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
          },
          { label: 'Open the calendar', href: '/orders/calendar' },
        ]}
      />
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Dashboard</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Welcome back, {firstNameOf(user.name)}. Here is how{' '}
          {activeAccount.data?.name ?? 'your business'} is doing.
        </p>
      </div>
      <StatTiles />
      <div className="grid gap-6 lg:grid-cols-7">
        <div className="lg:col-span-4">
          <SalesOverview />
        </div>
        <div className="lg:col-span-3">
          <RecentSales />
        </div>
      </div>
    </div>
  );
}

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
  component: DashboardPage,
});
