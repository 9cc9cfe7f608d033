import { getRouteApi } from '@tanstack/react-router';
import { ReportsScreen } from '@/features/reports/components/reports-screen';
import { reportSearchSchema } from '@/features/reports/lib/report-search';

// The route is defined in ./reports; its hooks are read through getRouteApi, so this chunk does
// not import the route tree.
const reportsRoute = getRouteApi('/reports');

export function ReportsPage() {
  // The route keeps the URL's strings; the report rules read them here, in the page's chunk.
  const search = reportSearchSchema.parse(reportsRoute.useSearch());
  const navigate = reportsRoute.useNavigate();
  return (
    <div className="mx-auto grid max-w-7xl min-w-0 grid-cols-1 gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">Reports</h1>
      <ReportsScreen
        search={search}
        onSearchChange={(change) =>
          void navigate({ search: (previous) => ({ ...previous, ...change }) })
        }
      />
    </div>
  );
}
