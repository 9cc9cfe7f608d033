import { Link } from '@tanstack/react-router';
import {
  type CalendarOrder,
  can,
  dateTimeFormat,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  orderStatusLabel,
} from '@tentpole/domain';
import { ChevronLeft, ChevronRight, Printer } from 'lucide-react';
import { useId, useState } from 'react';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { QueryError } from '@/components/query-state/query-error';
import { SegmentedControl } from '@/components/segmented-control';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { useAccountFormat } from '@/lib/account-format';
import { cn } from '@/lib/cn';
import { useCalendarOrders, useProductMonth, useProductOptions } from '../api/get-calendar';
import { useOrderLiveUpdates } from '../api/use-order-live-updates';
import {
  addDays,
  CALENDAR_VIEWS,
  type CalendarView,
  dateOf,
  dayKey,
  stepDate,
  visibleDays,
} from '../lib/calendar-dates';
import { STATUS_TONES } from './order-status-badge';
import { RescheduleDialog, type RescheduleTarget } from './reschedule-dialog';

const VIEW_LABELS: Record<CalendarView, string> = {
  month: 'Month',
  week: 'Week',
  day: 'Day',
  list: 'List',
};
const monthTitle = (locale: string) => dateTimeFormat(locale, { month: 'long', year: 'numeric' });
const dayTitle = (locale: string) =>
  dateTimeFormat(locale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
const shortDay = (locale: string) => dateTimeFormat(locale, { weekday: 'short', day: 'numeric' });
const time = (locale: string) => dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' });
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** Statuses the legend explains (cancelled orders are not on the calendar). */
const LEGEND: OrderStatus[] = [
  'draft',
  'quote',
  'hold',
  'reserved',
  'confirmed',
  'out',
  'returned',
];
const MOVABLE = new Set(['draft', 'quote', 'hold', 'reserved', 'confirmed']);

/** An entry on a day: the event itself, or (with the toggle) the drop-off or the pick-up. */
type Entry = { order: CalendarOrder; kind: 'event' | 'dropoff' | 'pickup' };

function entriesOn(day: string, orders: CalendarOrder[], logistics: boolean): Entry[] {
  const entries: Entry[] = [];
  for (const order of orders) {
    const start = dayKey(new Date(order.eventStart));
    const end = dayKey(new Date(order.eventEnd));
    if (day >= start && day <= end) entries.push({ order, kind: 'event' });
    if (logistics && order.fulfilment === 'delivery') {
      if (day === start) entries.push({ order, kind: 'dropoff' });
      if (day === end) entries.push({ order, kind: 'pickup' });
    }
  }
  return entries;
}

function EntryChip({
  entry,
  draggable,
  onDragStart,
}: {
  entry: Entry;
  draggable: boolean;
  onDragStart: () => void;
}) {
  const { order, kind } = entry;
  const prefix = kind === 'dropoff' ? 'Drop-off · ' : kind === 'pickup' ? 'Pick-up · ' : '';
  return (
    <Link
      to="/orders/$orderId"
      params={{ orderId: order.id }}
      draggable={draggable && kind === 'event'}
      onDragStart={(event) => {
        event.dataTransfer.setData('text/plain', order.id);
        event.dataTransfer.effectAllowed = 'move';
        onDragStart();
      }}
      data-order-id={order.id}
      className={cn(
        'block min-w-0 truncate rounded px-1.5 py-0.5 text-xs font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        kind === 'event'
          ? (STATUS_TONES[order.status] ?? STATUS_TONES.draft)
          : 'border border-dashed bg-background text-foreground',
      )}
      title={`${prefix}#${order.number} ${order.customerName} · ${orderStatusLabel(order.status)}`}
    >
      {prefix}#{order.number} {order.customerName}
      <span className="sr-only">, {orderStatusLabel(order.status)}</span>
    </Link>
  );
}

/** The availability view's colour for a day: green, amber (a few left) or red (none). */
function freeTone(available: number, owned: number) {
  if (available <= 0) return 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200';
  if (available <= Math.max(1, Math.floor(owned / 4)))
    return 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200';
  return 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200';
}

function ProductPicker({
  productId,
  onChange,
}: {
  productId: string | null;
  onChange: (id: string | null) => void;
}) {
  const products = useProductOptions();
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        Availability of
      </label>
      <NativeSelect
        id={id}
        value={productId ?? ''}
        onChange={(event) => onChange(event.target.value || null)}
      >
        <option value="">No product</option>
        {(products.data?.products ?? []).map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** The day sheet (§4): what leaves, what comes back, what is unsigned or unpaid. */
function DaySheet({ day, orders }: { day: string; orders: CalendarOrder[] }) {
  const { locale, money } = useAccountFormat();
  const leaving = orders.filter((o) => dayKey(new Date(o.eventStart)) === day);
  const returning = orders.filter((o) => dayKey(new Date(o.eventEnd)) === day);
  const block = (title: string, list: CalendarOrder[], which: 'start' | 'end') => (
    <section className="grid gap-2 break-inside-avoid">
      <h2 className="font-semibold">
        {title} ({list.length})
      </h2>
      {list.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing.</p>
      ) : (
        <ul className="grid gap-2">
          {list.map((o) => {
            const window = which === 'start' ? o.deliveryWindow : o.pickupWindow;
            return (
              <li key={o.id} className="grid gap-0.5 rounded-lg border p-3 text-sm">
                <span className="flex flex-wrap items-center gap-2 font-medium">
                  <Link to="/orders/$orderId" params={{ orderId: o.id }} className="underline">
                    #{o.number}
                  </Link>
                  <span className="wrap-anywhere">{o.customerName}</span>
                  <span className="text-muted-foreground">
                    {o.fulfilment === 'delivery' ? 'Delivery' : 'Customer pickup'}
                    {window
                      ? ` ${time(locale).format(new Date(window.start))}–${time(locale).format(new Date(window.end))}`
                      : ` · ${time(locale).format(new Date(which === 'start' ? o.eventStart : o.eventEnd))}`}
                  </span>
                </span>
                {o.place && <span className="wrap-anywhere">{o.place}</span>}
                <span className="text-muted-foreground wrap-anywhere">
                  {o.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ') || 'No items'}
                </span>
                {(!o.signed || o.balance > 0) && (
                  <span className="font-medium text-destructive">
                    {[
                      o.signed ? null : 'Unsigned',
                      o.balance > 0 ? `${money(o.balance)} unpaid` : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
  return (
    <div className="grid gap-5 md:grid-cols-2">
      {block('Going out', leaving, 'start')}
      {block('Coming back', returning, 'end')}
    </div>
  );
}

/**
 * back-office spec §4 Calendar: orders by event date in month, week, day and list views,
 * coloured by status (named too), deliveries and pickups on their days, one product's
 * availability per day, drag (or 'Reschedule') to move an order, and a printable day sheet.
 */
export function OrdersCalendar({
  view,
  date,
  onChange,
}: {
  view: CalendarView;
  date: string;
  onChange: (next: { view?: CalendarView; date?: string }) => void;
}) {
  const { locale } = useAccountFormat();
  const { user } = useAuthenticatedSession();
  const mayMove = can(user.roles, 'order.write');
  const [logistics, setLogistics] = useState(false);
  const [productId, setProductId] = useState<string | null>(null);
  const [moving, setMoving] = useState<RescheduleTarget | null>(null);
  const [dragged, setDragged] = useState<CalendarOrder | null>(null);
  const toggleId = useId();
  useOrderLiveUpdates();

  const days =
    view === 'list'
      ? Array.from({ length: 31 }, (_, i) => addDays(date, i))
      : visibleDays(view, date);
  const from = dateOf(days[0] as string).toISOString();
  const to = dateOf(addDays(days.at(-1) as string, 1)).toISOString();
  const calendar = useCalendarOrders(from, to);
  const orders = calendar.data?.orders ?? [];
  // §12: each day's blackouts, marked on the day (hard ones stop bookings, online-only the store).
  const blackoutsOn = new Map<string, NonNullable<typeof calendar.data>['blackouts']>();
  for (const b of calendar.data?.blackouts ?? [])
    for (const day of b.days) blackoutsOn.set(day, [...(blackoutsOn.get(day) ?? []), b]);
  const month = date.slice(0, 7);
  const availability = useProductMonth(view === 'month' ? productId : null, month);
  const freeOn = new Map((availability.data?.days ?? []).map((d) => [d.date, d.available]));

  const title =
    view === 'month'
      ? monthTitle(locale).format(dateOf(date))
      : view === 'day'
        ? dayTitle(locale).format(dateOf(date))
        : `${shortDay(locale).format(dateOf(days[0] as string))} – ${shortDay(locale).format(dateOf(days.at(-1) as string))}, ${dateOf(date).getFullYear()}`;

  const dropOn = (day: string) => (event: React.DragEvent) => {
    event.preventDefault();
    const id = event.dataTransfer.getData('text/plain');
    const order = orders.find((o) => o.id === id) ?? dragged;
    setDragged(null);
    if (order && mayMove && MOVABLE.has(order.status) && day !== dayKey(new Date(order.eventStart)))
      setMoving({ order, toDay: day });
  };
  const dayCell = (day: string, tall: boolean) => {
    const entries = entriesOn(day, orders, logistics);
    const inMonth = view !== 'month' || day.slice(0, 7) === month;
    const free = productId ? freeOn.get(day) : undefined;
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; the keyboard's way to move an order is Reschedule in the list view.
      <div
        key={day}
        data-day={day}
        onDragOver={(event) => {
          if (mayMove) event.preventDefault();
        }}
        onDrop={dropOn(day)}
        className={cn(
          'grid min-w-0 content-start gap-1 border-t p-1.5',
          tall ? 'min-h-40' : 'min-h-24',
          !inMonth && 'bg-muted/40 text-muted-foreground',
          day === dayKey(new Date()) && 'bg-primary/5',
        )}
      >
        <div className="flex items-center justify-between gap-1 text-xs">
          <button
            type="button"
            className="rounded px-1 font-medium hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            onClick={() => onChange({ view: 'day', date: day })}
            aria-label={`Open ${dayTitle(locale).format(dateOf(day))}`}
          >
            {dateOf(day).getDate()}
          </button>
          {free !== undefined && availability.data && (
            <span
              className={cn('rounded px-1 tabular-nums', freeTone(free, availability.data.owned))}
            >
              {free} free
            </span>
          )}
        </div>
        {(blackoutsOn.get(day) ?? []).map((b) => (
          <span
            key={`${b.name}-${b.kind}`}
            title={
              b.kind === 'hard'
                ? `${b.name}: no bookings${b.scope === 'business' ? '' : ' for some items'}`
                : `${b.name}: the online store is closed`
            }
            className={cn(
              'truncate rounded px-1 text-xs',
              b.kind === 'hard'
                ? 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100'
                : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
            )}
          >
            {b.kind === 'hard' ? `Blackout: ${b.name}` : `Store closed: ${b.name}`}
          </span>
        ))}
        {entries.slice(0, tall ? 12 : 4).map((entry) => (
          <EntryChip
            key={`${entry.order.id}-${entry.kind}`}
            entry={entry}
            draggable={mayMove && MOVABLE.has(entry.order.status)}
            onDragStart={() => setDragged(entry.order)}
          />
        ))}
        {entries.length > (tall ? 12 : 4) && (
          <button
            type="button"
            className="text-left text-xs text-muted-foreground underline"
            onClick={() => onChange({ view: 'day', date: day })}
          >
            {entries.length - (tall ? 12 : 4)} more
          </button>
        )}
      </div>
    );
  };

  const listed = orders.filter((o) => dayKey(new Date(o.eventStart)) >= (days[0] as string));
  return (
    <div className="mx-auto grid max-w-7xl min-w-0 gap-4">
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <h1 className="mr-auto text-2xl font-semibold tracking-tight">Calendar</h1>
        <SegmentedControl
          legend="View"
          options={CALENDAR_VIEWS.map((v) => ({ value: v, label: VIEW_LABELS[v] }))}
          value={view}
          onChange={(v) => onChange({ view: v })}
        />
      </div>
      <div className="flex flex-wrap items-end gap-3 print:hidden">
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon"
            aria-label="Previous"
            onClick={() => onChange({ date: stepDate(view === 'list' ? 'month' : view, date, -1) })}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => onChange({ date: dayKey(new Date()) })}
          >
            Today
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label="Next"
            onClick={() => onChange({ date: stepDate(view === 'list' ? 'month' : view, date, 1) })}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
        <p className="flex items-center gap-2 font-medium" aria-live="polite">
          {title}
          {calendar.isFetching && <Spinner className="size-3.5" />}
        </p>
        <label htmlFor={toggleId} className="flex items-center gap-2 text-sm">
          <input
            id={toggleId}
            type="checkbox"
            checked={logistics}
            onChange={(event) => setLogistics(event.target.checked)}
            className="size-4 accent-primary"
          />
          Deliveries and pickups
        </label>
        {view === 'month' && <ProductPicker productId={productId} onChange={setProductId} />}
        {view === 'day' && (
          <Button variant="outline" size="sm" onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            Print day sheet
          </Button>
        )}
      </div>
      <ul aria-label="Status colours" className="flex flex-wrap gap-2 text-xs print:hidden">
        {LEGEND.map((s) => (
          <li key={s} className={cn('rounded px-1.5 py-0.5', STATUS_TONES[s])}>
            {ORDER_STATUS_LABELS[s]}
          </li>
        ))}
      </ul>
      {mayMove && view !== 'day' && (
        <p className="text-xs text-muted-foreground print:hidden">
          Drag an order to another day to move it, or use Reschedule in the list.
        </p>
      )}

      {calendar.isError ? (
        <QueryError
          variant="panel"
          title="The calendar could not be loaded."
          onRetry={() => void calendar.refetch()}
        />
      ) : view === 'month' || view === 'week' ? (
        <div className="min-w-0 overflow-x-auto">
          <div className="grid min-w-[42rem] grid-cols-7 rounded-lg border">
            {WEEKDAYS.map((d) => (
              <div key={d} className="px-1.5 py-1 text-xs font-medium text-muted-foreground">
                {d}
              </div>
            ))}
            {days.map((day) => dayCell(day, view === 'week'))}
          </div>
        </div>
      ) : view === 'day' ? (
        <DaySheet day={date} orders={orders} />
      ) : (
        <ul className="grid gap-2" aria-label="Orders by date">
          {listed.length === 0 && (
            <li className="text-sm text-muted-foreground">No orders in these 31 days.</li>
          )}
          {listed.map((o) => (
            <li
              key={o.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border p-3 text-sm"
            >
              <span className="w-28 shrink-0 font-medium tabular-nums">
                {shortDay(locale).format(new Date(o.eventStart))}{' '}
                {time(locale).format(new Date(o.eventStart))}
              </span>
              <Link
                to="/orders/$orderId"
                params={{ orderId: o.id }}
                className="min-w-0 flex-1 font-medium underline wrap-anywhere"
              >
                #{o.number} {o.customerName}
              </Link>
              <span className={cn('rounded px-1.5 py-0.5 text-xs', STATUS_TONES[o.status])}>
                {orderStatusLabel(o.status)}
              </span>
              {mayMove && MOVABLE.has(o.status) && (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() =>
                    setMoving({ order: o, toDay: addDays(dayKey(new Date(o.eventStart)), 1) })
                  }
                  aria-label={`Reschedule #${o.number}`}
                >
                  Reschedule
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <RescheduleDialog target={moving} onClose={() => setMoving(null)} />
    </div>
  );
}
