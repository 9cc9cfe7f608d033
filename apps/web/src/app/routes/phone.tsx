import { createRoute, stripSearchParams } from '@tanstack/react-router';
import { can, hasPhoneService } from '@tentpole/domain';
import { z } from 'zod';
import { NotBuiltPage } from '@/components/not-built-page';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuthenticatedSession } from '@/features/auth/components/authenticated-session';
import { usePhoneInfo } from '@/features/phone/api/get-phone-info';
import { CallLog } from '@/features/phone/components/call-log';
import { PhoneStatusCard } from '@/features/phone/components/phone-status-card';
import { rootRoute } from './root';

const phoneSearchSchema = z.object({
  // One of the call log's filters, or a name or number to search for (spec §7).
  filter: z.string().trim().max(100).catch('all').default('all'),
});

function NoPhoneService() {
  return (
    <div className="rounded-xl border border-dashed bg-muted/30 px-6 py-16 text-center">
      <p className="text-base font-semibold">Reach is not set up for this account</p>
      <p className="mx-auto mt-1 max-w-md text-sm text-muted-foreground">
        With phone service, calls to your business number ring here and you can call customers from
        the browser or your cell phone.
      </p>
    </div>
  );
}

/**
 * spec §2 Phone area: the call log beside the phone's state. Built for a shop counter: the
 * log fills the main column, the way to call out is always in reach, and the side column has
 * room for the text conversations (the messaging release adds them there).
 */
function PhonePage() {
  const { user } = useAuthenticatedSession();
  const phoneInfo = usePhoneInfo();
  const { filter } = phoneRoute.useSearch();
  const navigate = phoneRoute.useNavigate();

  if (!can(user.roles, 'phone.read')) {
    return <NotBuiltPage title="Reach" description="" allowed={false} />;
  }
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Reach</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Calls with your customers, from the business number.
        </p>
      </div>
      {phoneInfo.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : !hasPhoneService(phoneInfo.data) ? (
        <NoPhoneService />
      ) : (
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="lg:order-2 lg:sticky lg:top-20">
            <PhoneStatusCard canTestConnection={can(user.roles, 'account.read')} />
          </div>
          <div className="lg:order-1">
            <CallLog
              filter={filter}
              onFilterChange={(next) => void navigate({ search: { filter: next }, replace: true })}
            />
          </div>
        </div>
      )}
    </div>
  );
}

export const phoneRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/phone',
  validateSearch: phoneSearchSchema,
  search: { middlewares: [stripSearchParams({ filter: 'all' })] },
  staticData: { title: 'Reach' },
  component: PhonePage,
});
