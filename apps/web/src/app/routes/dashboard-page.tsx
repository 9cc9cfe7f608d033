import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { useActiveAccount } from '@/features/accounts/hooks/use-active-account';
import { RecentSales } from '@/features/dashboard/components/recent-sales';
import { SalesOverview } from '@/features/dashboard/components/sales-overview';
import { StatTiles } from '@/features/dashboard/components/stat-tiles';
import { PageHeaderActions } from '../shell/page-header-actions';

// Loaded after the page: most dashboards never show it, and the first visit stays in budget.
const FirstRunChecklist = lazy(() =>
  import('@/features/signup/components/first-run-checklist').then((module) => ({
    default: module.FirstRunChecklist,
  })),
);

function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** spec §2 Dashboard tiles, on the home page. */
export function DashboardPage() {
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
      <Suspense fallback={null}>
        <FirstRunChecklist />
      </Suspense>
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
