import type { DriverRoute, DriverStop, StopAction, StopStatus } from '@tentpole/domain';
import { CloudOff, Play, Truck } from 'lucide-react';
import { useState } from 'react';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAccountFormat } from '@/lib/account-format';
import { useDriverDay } from '../api/get-driver-day';
import type { QueuedStopEvent } from '../api/send-stop-event';
import { formatClock } from '../lib/format-day';
import { liveDriverStops, useNow } from '../lib/live-board';
import { useStopEventOutbox } from '../lib/use-stop-event-outbox';
import { DriverStopCard } from './driver-stop-card';
import { LoadListView } from './load-list-view';
import { StopActionDialog, type StopActionMode, type StopActionResult } from './stop-action-dialog';

type DriverDayProps = { date: string };

const clockOf = (iso: string, timeZone: string, locale: string) =>
  new Date(iso).toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit', timeZone });

/**
 * back-office spec §7.4: the driver's day on a phone. Only the routes they are on; each action
 * goes through the phone's outbox, so it is kept without signal and sent when back.
 */
export function DriverDayView({ date }: DriverDayProps) {
  const { locale } = useAccountFormat();
  const day = useDriverDay(date);
  const outbox = useStopEventOutbox(date);

  return (
    <div className="mx-auto grid w-full max-w-2xl min-w-0 gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Today’s route</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          {new Date(`${date}T12:00:00`).toLocaleDateString(locale, {
            weekday: 'long',
            month: 'long',
            day: 'numeric',
          })}
        </p>
      </div>
      <p
        role="status"
        className={
          outbox.pending.length > 0
            ? 'flex items-center gap-2 rounded-md border border-amber-500/70 bg-amber-50 p-3 text-sm font-medium text-amber-900 dark:bg-amber-950/30 dark:text-amber-200'
            : 'sr-only'
        }
      >
        {outbox.pending.length > 0 && (
          <>
            <CloudOff aria-hidden="true" className="size-4 shrink-0" />
            {outbox.pending.length === 1
              ? '1 action is waiting for signal. It will be sent when you are back online.'
              : `${outbox.pending.length} actions are waiting for signal. They will be sent when you are back online.`}
          </>
        )}
      </p>
      {day.isPending ? (
        <LoadingRows label="Loading your route" rows={3} variant="cards" />
      ) : day.isError ? (
        <QueryError
          variant="panel"
          title="Your route could not be loaded."
          description="Check your connection and try again."
          onRetry={() => void day.refetch()}
        />
      ) : day.data.routes.length === 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>No route for you today</CardTitle>
            <CardDescription>
              When the office puts you on a truck’s crew, its stops show here.
            </CardDescription>
          </CardHeader>
        </Card>
      ) : (
        day.data.routes.map((route) => (
          <RouteView
            key={route.vehicleId}
            date={date}
            timeZone={day.data.timeZone}
            route={route}
            pending={outbox.pending}
            record={outbox.record}
          />
        ))
      )}
    </div>
  );
}

function RouteView({
  date,
  timeZone,
  route,
  pending,
  record,
}: {
  date: string;
  timeZone: string;
  route: DriverRoute;
  pending: QueuedStopEvent[];
  record: (item: QueuedStopEvent) => void;
}) {
  const { locale } = useAccountFormat();
  const [open, setOpen] = useState<{ stop: DriverStop; mode: StopActionMode } | null>(null);
  const mine = pending.filter((p) => p.event.vehicleId === route.vehicleId);
  const startPending = mine.find((p) => p.event.action === 'start_route');
  const started = route.startedAt ?? startPending?.event.occurredAt ?? null;
  // Decision 0047: the ETAs move with the day, as on the office board.
  const live = liveDriverStops(
    route,
    { date, timeZone },
    mine.map((p) => p.event),
    started,
    useNow(),
  );

  const act = (action: StopAction, stopId?: string, result: StopActionResult = {}) => {
    const { photo, signature, ...fields } = result;
    record({
      event: {
        id: crypto.randomUUID(),
        date,
        vehicleId: route.vehicleId,
        action,
        occurredAt: new Date().toISOString(),
        ...(stopId ? { stopId } : {}),
        ...fields,
      },
      ...(photo ? { photo } : {}),
      ...(signature ? { signature } : {}),
    });
  };

  const statusOf = (stop: DriverStop): StopStatus => {
    const queued = mine.filter((p) => p.event.stopId === stop.id).at(-1);
    return queued ? (queued.event.action as StopStatus) : stop.status;
  };

  return (
    <section aria-label={`${route.vehicleName} route`} className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Truck aria-hidden="true" className="size-5" />
            <span className="wrap-anywhere">{route.vehicleName}</span>
          </CardTitle>
          <CardDescription>
            {route.stops.length === 1 ? '1 stop' : `${route.stops.length} stops`}
            {route.leaveDepot !== null && ` · leave the depot at ${formatClock(route.leaveDepot)}`}
            {route.crew.length > 0 && ` · crew: ${route.crew.map((c) => c.name).join(', ')}`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {started ? (
            <p className="text-sm font-medium" data-testid="route-started">
              Route started at {clockOf(started, timeZone, locale)}
            </p>
          ) : (
            <Button type="button" className="w-full" onClick={() => act('start_route')}>
              <Play aria-hidden="true" />
              Start route
            </Button>
          )}
        </CardContent>
      </Card>
      <details className="rounded-lg border bg-card p-4">
        <summary className="cursor-pointer font-semibold">Load list</summary>
        <div className="mt-3">
          <LoadListView
            list={route.loadList}
            storageKey={`tentpole.delivery.load.${date}.${route.vehicleId}`}
          />
        </div>
      </details>
      <ol className="grid gap-3" aria-label="Stops in order">
        {route.stops.map((stop, index) => (
          <DriverStopCard
            key={stop.id}
            stop={stop}
            position={index + 1}
            status={statusOf(stop)}
            live={live.get(stop.id)}
            waiting={mine.filter((p) => p.event.stopId === stop.id).length}
            onQuickAction={(action) => act(action, stop.id)}
            onOpenAction={(mode) => setOpen({ stop, mode })}
          />
        ))}
      </ol>
      {open && (
        <StopActionDialog
          stop={open.stop}
          mode={open.mode}
          onClose={() => setOpen(null)}
          onSave={(mode, result) => {
            act(mode, open.stop.id, result);
            setOpen(null);
          }}
        />
      )}
    </section>
  );
}
