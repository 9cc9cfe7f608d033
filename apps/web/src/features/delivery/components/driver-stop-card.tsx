import {
  type DriverStop,
  formatPhone,
  type LiveStop,
  PROBLEM_REASON_LABELS,
  STOP_STATUS_LABELS,
  type StopStatus,
} from '@tentpole/domain';
import { MapPin, MessageSquare, Phone } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatClock, formatMinutes, formatWindow } from '../lib/format-day';
import type { StopActionMode } from './stop-action-dialog';

type DriverStopCardProps = {
  stop: DriverStop;
  position: number;
  /** The status with the actions still waiting in the outbox applied. */
  status: StopStatus;
  /** Decision 0047: where the stop stands as the day is going; absent: as planned. */
  live?: LiveStop | undefined;
  waiting: number;
  onQuickAction: (action: 'on_my_way' | 'arrived') => void;
  onOpenAction: (mode: StopActionMode) => void;
};

export const STATUS_STYLES: Record<StopStatus, string> = {
  scheduled: 'bg-muted text-foreground',
  on_my_way: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  arrived: 'bg-indigo-100 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100',
  delivered: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  picked_up: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  problem: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
};

/** A link that opens the phone's maps app on the stop (its pin, else its address). */
export function mapsUrl(stop: Pick<DriverStop, 'lat' | 'lng' | 'address'>): string {
  const query = stop.lat !== null && stop.lng !== null ? `${stop.lat},${stop.lng}` : stop.address;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** §7.4: one stop of the driver's route, what they need there, and what they can record. */
export function DriverStopCard({
  stop,
  position,
  status,
  live,
  waiting,
  onQuickAction,
  onOpenAction,
}: DriverStopCardProps) {
  const title = `${position}. ${stop.kind === 'delivery' ? 'Delivery' : 'Pickup'} · #${stop.orderNumber}`;
  const last = stop.events.at(-1);
  const running = live && (live.state === 'late' || live.state === 'missed') ? live : null;
  return (
    <li
      className="grid gap-3 rounded-lg border bg-card p-4 text-sm shadow-xs"
      aria-label={`${stop.kind === 'delivery' ? 'Delivery' : 'Pickup'} #${stop.orderNumber}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="text-base font-semibold">{title}</h3>
          <p className="wrap-anywhere">{stop.customerName}</p>
        </div>
        <span
          className={cn('rounded-full px-2.5 py-0.5 text-xs font-medium', STATUS_STYLES[status])}
          data-testid="stop-status"
        >
          {STOP_STATUS_LABELS[status]}
          {waiting > 0 && ' · waiting for signal'}
        </span>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">Address</dt>
        <dd>
          <a
            href={mapsUrl(stop)}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-start gap-1 font-medium text-primary underline underline-offset-2 wrap-anywhere"
          >
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {stop.address || 'No address'}
          </a>
        </dd>
        <dt className="text-muted-foreground">Window</dt>
        <dd className="tabular-nums">{formatWindow(stop.window)}</dd>
        <dt className="text-muted-foreground">ETA</dt>
        <dd className="tabular-nums">
          {running ? (
            <>
              <strong>{formatClock(running.eta)}</strong>
              <span className="text-muted-foreground"> (planned {formatClock(stop.eta)})</span>
              <span
                className={cn(
                  'block font-medium',
                  running.state === 'missed'
                    ? 'text-destructive'
                    : 'text-amber-800 dark:text-amber-300',
                )}
                data-testid="stop-running"
              >
                {running.state === 'missed'
                  ? 'Will miss its window'
                  : `Running ${formatMinutes(running.behind)} late`}
              </span>
            </>
          ) : (
            formatClock(stop.eta)
          )}
        </dd>
        {stop.gateCode && (
          <>
            <dt className="text-muted-foreground">Gate code</dt>
            <dd className="font-medium wrap-anywhere">{stop.gateCode}</dd>
          </>
        )}
        {stop.notes && (
          <>
            <dt className="text-muted-foreground">Notes</dt>
            <dd className="wrap-anywhere whitespace-pre-line">{stop.notes}</dd>
          </>
        )}
        {stop.sitePhotos.length > 0 && (
          <>
            <dt className="text-muted-foreground">Site photos</dt>
            <dd>
              <ul className="flex flex-wrap gap-2">
                {stop.sitePhotos.map((photo, i) => (
                  <li key={photo.url}>
                    <a href={photo.url} target="_blank" rel="noreferrer">
                      <img
                        src={photo.thumbnailUrl}
                        alt={`The setup spot of order #${stop.orderNumber} (${i + 1})`}
                        loading="lazy"
                        className="h-16 w-24 rounded border object-cover"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        <dt className="text-muted-foreground">Items</dt>
        <dd>
          <ul>
            {stop.items.map((item) => (
              <li key={item.description} className="wrap-anywhere">
                <span className="tabular-nums">{item.quantity} ×</span> {item.description}
                {item.components.length > 0 && (
                  <span className="text-muted-foreground">
                    {' '}
                    ({item.components.map((c) => `${c.quantity} × ${c.description}`).join(', ')})
                  </span>
                )}
              </li>
            ))}
          </ul>
        </dd>
      </dl>
      {stop.phoneNumber && (
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <a href={`tel:${stop.phoneNumber}`}>
              <Phone aria-hidden="true" />
              Call {formatPhone(stop.phoneNumber)}
            </a>
          </Button>
          <Button asChild variant="outline" size="sm">
            <a href={`sms:${stop.phoneNumber}`}>
              <MessageSquare aria-hidden="true" />
              Text
            </a>
          </Button>
        </div>
      )}
      {last && last.action === 'problem' && last.reason && (
        <p className="font-medium text-destructive">
          Problem: {PROBLEM_REASON_LABELS[last.reason]}
          {last.note ? ` — ${last.note}` : ''}
        </p>
      )}
      <div className="grid grid-cols-2 gap-2">
        <Button type="button" variant="outline" onClick={() => onQuickAction('on_my_way')}>
          On my way
        </Button>
        <Button type="button" variant="outline" onClick={() => onQuickAction('arrived')}>
          Arrived
        </Button>
        <Button
          type="button"
          onClick={() => onOpenAction(stop.kind === 'delivery' ? 'delivered' : 'picked_up')}
        >
          {stop.kind === 'delivery' ? 'Delivered' : 'Picked up'}
        </Button>
        <Button type="button" variant="outline" onClick={() => onOpenAction('problem')}>
          Problem
        </Button>
      </div>
    </li>
  );
}
