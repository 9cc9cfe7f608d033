import {
  type BoardStopStatus,
  type DayRouteStop,
  type DayStop,
  type DayUnassignedReason,
  type DayViolation,
  type LiveStop,
  PROBLEM_REASON_LABELS,
  STOP_STATUS_LABELS,
  UNASSIGNED_REASON_LABELS,
} from '@tentpole/domain';
import { ArrowDown, ArrowUp, GripVertical, MoveRight, Pin, PinOff } from 'lucide-react';
import type { DragEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useAccountFormat } from '@/lib/account-format';
import { cn } from '@/lib/cn';
import { formatClock, formatMinutes, formatWindow, TIGHT_SLACK_MINUTES } from '../lib/format-day';

const VIOLATION_TEXT: Record<string, string> = {
  window: 'Misses its window',
  shift: 'Back after the shift ends',
  capacity: 'Over the truck’s capacity',
  precedence: 'Picked up before it is delivered',
  pinned: 'Pinned to another truck',
};

export function violationText(v: DayViolation): string {
  return VIOLATION_TEXT[v.kind] ?? v.message;
}

export type StopMoveTarget = { vehicleId: string | null; label: string };

type StopCardProps = {
  stop: DayStop;
  /** Its place on a route: ETA, slack and pin; absent when unassigned. */
  planned?: DayRouteStop;
  position?: number;
  /** What the crew last recorded here (decision 0043); absent: nothing yet. */
  status?: BoardStopStatus | undefined;
  /** Decision 0047: where the stop stands as the day is going; absent: as planned. */
  live?: LiveStop | undefined;
  /** The account's time zone, which the day's times are in. */
  timeZone?: string;
  reason?: DayUnassignedReason | null;
  violations: DayViolation[];
  canEdit: boolean;
  /** Where the menu can send it (the other routes, or back to unassigned). */
  targets: StopMoveTarget[];
  isFirst?: boolean;
  isLast?: boolean;
  onMove: (vehicleId: string | null) => void;
  onShift?: (by: -1 | 1) => void;
  onTogglePin?: () => void;
  onDragStart: (event: DragEvent<HTMLElement>) => void;
  onDropBefore: (event: DragEvent<HTMLElement>) => void;
};

export function stopTitle(stop: DayStop): string {
  return `#${stop.orderNumber} ${stop.kind === 'delivery' ? 'Delivery' : 'Pickup'}`;
}

/** One stop on the board: what, where, when, and a menu to move it without a mouse. */
export function StopCard({
  stop,
  planned,
  position,
  status,
  live,
  timeZone,
  reason,
  violations,
  canEdit,
  targets,
  isFirst,
  isLast,
  onMove,
  onShift,
  onTogglePin,
  onDragStart,
  onDropBefore,
}: StopCardProps) {
  const late = violations.length > 0;
  const running = live && live.state !== 'done' && live.state !== 'on_time' ? live : null;
  const tight = !late && !running && planned !== undefined && planned.slack < TIGHT_SLACK_MINUTES;
  const title = stopTitle(stop);
  return (
    <li
      draggable={canEdit}
      onDragStart={onDragStart}
      onDragOver={(event) => {
        if (canEdit) event.preventDefault();
      }}
      onDrop={onDropBefore}
      data-stop-id={stop.id}
      className={cn(
        'grid gap-1 rounded-md border bg-card p-3 text-sm',
        (late || running?.state === 'missed') && 'border-destructive/60 bg-destructive/5',
        (tight || running?.state === 'late') &&
          'border-amber-500/70 bg-amber-50 dark:bg-amber-950/30',
      )}
    >
      <div className="flex items-start gap-2">
        {canEdit && (
          <GripVertical
            aria-hidden="true"
            className="mt-0.5 size-4 shrink-0 cursor-grab text-muted-foreground"
          />
        )}
        <p className="min-w-0 flex-1 font-medium">
          {position !== undefined && <span className="tabular-nums">{position}. </span>}
          {title}
          <span className="font-normal text-muted-foreground"> · {stop.customerName}</span>
          {planned?.pinned && (
            <Pin aria-label="Pinned" className="ml-1 inline size-3.5 text-primary" />
          )}
        </p>
        {canEdit && (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button size="sm" variant="outline" aria-label={`Move ${title}`}>
                <MoveRight aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">Move</span>
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuLabel>{title}</DropdownMenuLabel>
              {onShift && (
                <>
                  <DropdownMenuItem disabled={isFirst} onSelect={() => onShift(-1)}>
                    <ArrowUp aria-hidden="true" />
                    Move up
                  </DropdownMenuItem>
                  <DropdownMenuItem disabled={isLast} onSelect={() => onShift(1)}>
                    <ArrowDown aria-hidden="true" />
                    Move down
                  </DropdownMenuItem>
                </>
              )}
              {onTogglePin && (
                <DropdownMenuItem onSelect={onTogglePin}>
                  {planned?.pinned ? <PinOff aria-hidden="true" /> : <Pin aria-hidden="true" />}
                  {planned?.pinned ? 'Unpin from this truck' : 'Pin to this truck'}
                </DropdownMenuItem>
              )}
              {(onShift || onTogglePin) && <DropdownMenuSeparator />}
              {targets.map((target) => (
                <DropdownMenuItem
                  key={target.vehicleId ?? 'unassigned'}
                  onSelect={() => onMove(target.vehicleId)}
                >
                  {target.label}
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
        )}
      </div>
      <div className={cn('grid gap-0.5', canEdit && 'sm:pl-6')}>
        <p className="wrap-anywhere text-muted-foreground">{stop.address || 'No address'}</p>
        <p className="tabular-nums">
          Window {formatWindow(stop.window)}
          {stop.windowFrom === 'service_hours' && (
            <span className="text-muted-foreground"> (service hours)</span>
          )}
        </p>
        {/* The ETA is when work starts: a truck early for a window waits, and could leave later. */}
        {planned && (
          <p className="tabular-nums">
            ETA <strong>{formatClock(running ? running.eta : planned.start)}</strong>
            {running && (
              <span className="text-muted-foreground"> (planned {formatClock(planned.start)})</span>
            )}
            {' · '}
            <span
              className={cn(
                tight && 'font-medium text-amber-800 dark:text-amber-300',
                late && 'font-medium text-destructive',
              )}
            >
              slack {formatMinutes(planned.slack)}
            </span>
          </p>
        )}
        <p className="text-xs text-muted-foreground tabular-nums">
          {formatMinutes(stop.serviceMinutes)} on site · crew {stop.crew} ·{' '}
          {stop.units === 1 ? '1 unit' : `${stop.units} units`}
        </p>
        {violations.map((v) => (
          <p key={`${v.kind}-${v.message}`} className="font-medium text-destructive">
            {violationText(v)}
          </p>
        ))}
        {tight && (
          <p className="font-medium text-amber-800 dark:text-amber-300">Tight: little slack</p>
        )}
        {running && (
          <p
            className={cn(
              'font-medium',
              running.state === 'missed'
                ? 'text-destructive'
                : 'text-amber-800 dark:text-amber-300',
            )}
            data-testid="stop-running"
          >
            {running.state === 'missed'
              ? `Will miss its window: now about ${formatClock(running.eta)}`
              : `Running ${formatMinutes(running.behind)} late: now about ${formatClock(running.eta)}`}
          </p>
        )}
        {reason && (
          <p className="font-medium text-destructive">{UNASSIGNED_REASON_LABELS[reason]}</p>
        )}
        {status && <StopStatusLine status={status} timeZone={timeZone} />}
      </div>
    </li>
  );
}

const STATUS_TONE: Record<BoardStopStatus['status'], string> = {
  on_my_way: 'text-sky-800 dark:text-sky-300',
  arrived: 'text-indigo-800 dark:text-indigo-300',
  delivered: 'text-emerald-800 dark:text-emerald-300',
  picked_up: 'text-emerald-800 dark:text-emerald-300',
  problem: 'text-destructive',
};

/** The crew's latest step at the stop, with its proof (decision 0043). */
function StopStatusLine({ status, timeZone }: { status: BoardStopStatus; timeZone?: string }) {
  const { locale } = useAccountFormat();
  const { event } = status;
  const at = new Date(status.at).toLocaleTimeString(locale, {
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  });
  const details = [
    event.printedName ? `signed by ${event.printedName}` : null,
    event.counts
      ? `${event.counts.returned} returned, ${event.counts.damaged} damaged, ${event.counts.missing} missing`
      : null,
    event.maintenance ? `${event.maintenance} to maintenance` : null,
    event.reason ? PROBLEM_REASON_LABELS[event.reason] : null,
    event.text === 'opted_out' ? 'not texted: opted out' : null,
    event.note,
  ].filter(Boolean);
  return (
    <div className="grid gap-1" data-testid="stop-status">
      <p className={cn('font-medium', STATUS_TONE[status.status])}>
        {STOP_STATUS_LABELS[status.status]} {at}
        {event.byName ? ` · ${event.byName}` : ''}
        {details.length > 0 ? ` · ${details.join(' · ')}` : ''}
      </p>
      {(event.photoUrl || event.signatureUrl) && (
        <div className="flex flex-wrap gap-2">
          {event.photoUrl && (
            <a href={event.photoUrl} target="_blank" rel="noreferrer">
              <img
                src={event.photoUrl}
                alt={status.status === 'picked_up' ? 'At pickup' : 'The setup as delivered'}
                className="h-16 w-24 rounded border object-cover"
              />
            </a>
          )}
          {event.signatureUrl && (
            <img
              src={event.signatureUrl}
              alt={`Signature${event.printedName ? ` of ${event.printedName}` : ''}`}
              className="h-16 w-32 rounded border bg-white object-contain"
            />
          )}
        </div>
      )}
    </div>
  );
}
