import { getRouteApi } from '@tanstack/react-router';
import { can, hasPhoneService, isMessagingReady } from '@tentpole/domain';
import { useState } from 'react';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { SegmentedControl } from '@/components/segmented-control';
import { Skeleton } from '@/components/ui/skeleton';
import { usePhoneInfo } from '@/features/phone/api/get-phone-info';
import { BusinessNumber } from '@/features/phone/components/business-number';
import { CallLog } from '@/features/phone/components/call-log';
import { MessagesPanel } from '@/features/phone/components/messages-panel';
import { NewTextDialog } from '@/features/phone/components/new-text-dialog';
import { PhoneSettingsSheet } from '@/features/phone/components/phone-settings-sheet';
import { PhoneStatusCard } from '@/features/phone/components/phone-status-card';
import { useReachLive } from '@/features/phone/components/reach-live-provider';
import { cn } from '@/lib/cn';
import type { View } from './phone';

// The route is defined in ./phone; its hooks are read through getRouteApi, so this chunk
// does not import the route tree.
const phoneRoute = getRouteApi('/phone');

function NoPhoneService() {
  return (
    <div className="rounded-xl border border-dashed bg-muted/30 px-6 py-16 text-center">
      <p className="text-base font-semibold">Reach is not set up for this account</p>
      <p className="mx-auto mt-1 max-w-md text-sm text-muted-foreground">
        With phone service, calls to your business number ring here and you can call and text
        customers from the browser or your cell phone.
      </p>
    </div>
  );
}

function ViewSwitcher({ view, onChange }: { view: View; onChange: (view: View) => void }) {
  const { unreadTexts } = useReachLive();
  return (
    <SegmentedControl
      legend="Show"
      options={[
        { value: 'calls', label: 'Calls' },
        {
          value: 'messages',
          label: (
            <>
              Messages
              {unreadTexts > 0 && (
                <span className="grid h-5 min-w-5 place-items-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">
                  {unreadTexts}
                  <span className="sr-only"> unread</span>
                </span>
              )}
            </>
          ),
        },
      ]}
      value={view}
      onChange={onChange}
      size="lg"
      className="grid grid-cols-2 lg:hidden"
    />
  );
}

/**
 * spec §2 Phone area, built for a shop counter: calls and texts side by side on a desktop
 * (the open conversation beside its list where the screen is wide), one at a time on a
 * phone. The open conversation, a new text's number and the filters live in the URL.
 */
export function PhonePage() {
  const { user } = useAuthenticatedSession();
  const phoneInfo = usePhoneInfo();
  const search = phoneRoute.useSearch();
  const navigate = phoneRoute.useNavigate();
  const [composing, setComposing] = useState(false);

  const view: View = search.view ?? (search.conversation || search.compose ? 'messages' : 'calls');
  const canSend = can(user.roles, 'phone.write');
  const messagingReady = isMessagingReady(phoneInfo.data);
  const update = (next: Partial<typeof search>, replace = false) =>
    void navigate({ search: (previous) => ({ ...previous, ...next }), replace });

  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Reach</h1>
          <p className="mt-1 hidden text-sm text-muted-foreground sm:block">
            Calls and texts with your customers, from the business number.
          </p>
          {phoneInfo.data?.businessNumber && (
            <BusinessNumber number={phoneInfo.data.businessNumber} className="mt-2" />
          )}
        </div>
        {hasPhoneService(phoneInfo.data) && can(user.roles, 'account.read') && (
          <PhoneSettingsSheet />
        )}
      </div>
      {phoneInfo.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : !hasPhoneService(phoneInfo.data) ? (
        <NoPhoneService />
      ) : (
        <>
          <ViewSwitcher view={view} onChange={(next) => update({ view: next }, true)} />
          <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1.25fr)_minmax(24rem,1fr)] 2xl:grid-cols-[minmax(0,1fr)_minmax(0,1.7fr)]">
            <div className={cn('grid gap-6', view !== 'calls' && 'hidden lg:grid')}>
              <PhoneStatusCard canTestConnection={can(user.roles, 'account.read')} />
              <CallLog
                filter={search.filter}
                onFilterChange={(next) => update({ filter: next }, true)}
              />
            </div>
            <MessagesPanel
              className={cn(
                'h-[calc(100svh-14rem)] min-h-[26rem] lg:sticky lg:top-20 lg:h-[calc(100svh-10.5rem)]',
                view !== 'messages' && 'hidden lg:flex',
              )}
              conversationId={search.conversation}
              textFilter={search.texts}
              onTextFilterChange={(next) => update({ texts: next }, true)}
              // Back from a conversation goes to the list, on a phone too.
              onOpenConversation={(id) =>
                update({ conversation: id, view: id ? undefined : 'messages' })
              }
              onNewText={() => setComposing(true)}
              canSend={canSend}
              messagingReady={messagingReady}
            />
          </div>
          <NewTextDialog
            open={composing || search.compose !== undefined}
            initialNumber={search.compose ?? ''}
            onOpenChange={(open) => {
              if (open) return;
              setComposing(false);
              if (search.compose !== undefined)
                update({ compose: undefined, view: 'messages' }, true);
            }}
            onSent={(conversationId) => {
              setComposing(false);
              update({ compose: undefined, conversation: conversationId, view: undefined });
            }}
          />
        </>
      )}
    </div>
  );
}
