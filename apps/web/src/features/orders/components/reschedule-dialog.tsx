import { Link } from '@tanstack/react-router';
import { type CalendarOrder, dateTimeFormat } from '@tentpole/domain';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAccountFormat } from '@/lib/account-format';
import {
  OrderSaveError,
  useLineAvailability,
  useOrderPreview,
  useSaveOrder,
} from '../api/order-editor-api';
import { dayKey, daysBetween, shiftInstant } from '../lib/calendar-dates';

const longDay = (locale: string) =>
  dateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

export type RescheduleTarget = { order: CalendarOrder; toDay: string };

/**
 * §4 Calendar: moving an order to another day. The times of day stay, the delivery and pickup
 * windows move with it; the stock is re-checked (the order's own holds left out) and the new
 * price shown against the old before anything is saved.
 */
export function RescheduleDialog({
  target,
  onClose,
}: {
  target: RescheduleTarget | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Reschedule order</DialogTitle>
          <DialogDescription className="wrap-anywhere">
            {target ? `#${target.order.number} · ${target.order.customerName}` : ''}
          </DialogDescription>
        </DialogHeader>
        {target && <Reschedule key={target.order.id} target={target} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function Reschedule({ target, onDone }: { target: RescheduleTarget; onDone: () => void }) {
  const { locale, money } = useAccountFormat();
  const { order } = target;
  const fromDay = dayKey(new Date(order.eventStart));
  const [toDay, setToDay] = useState(target.toDay);
  const dateId = useId();
  const days = /^\d{4}-\d{2}-\d{2}$/.test(toDay) ? daysBetween(fromDay, toDay) : 0;
  const eventStart = shiftInstant(order.eventStart, days);
  const eventEnd = shiftInstant(order.eventEnd, days);
  const shift = (w: CalendarOrder['deliveryWindow']) =>
    w ? { start: shiftInstant(w.start, days), end: shiftInstant(w.end, days) } : null;
  const question =
    days === 0
      ? null
      : {
          eventStart,
          eventEnd,
          surfaceId: order.surfaceId,
          lines: order.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
          damageWaiver: order.damageWaiver,
          taxExempt: order.taxExempt,
          excludeOrderId: order.id,
        };
  const preview = useOrderPreview(question);
  const stock = useLineAvailability(question);
  const save = useSaveOrder(order.id);
  const difference = preview.data ? preview.data.totals.total - order.total : null;
  const short = (stock.data?.items ?? []).filter((i) => i.available < i.requested);
  const refused = save.error instanceof OrderSaveError ? save.error : null;
  const nameOf = (productId: string) =>
    order.lines.find((l) => l.productId === productId)?.name ?? 'An item';

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (days === 0) return;
        save.mutate(
          {
            eventStart,
            eventEnd,
            deliveryWindow: shift(order.deliveryWindow),
            pickupWindow: shift(order.pickupWindow),
          },
          { onSuccess: onDone },
        );
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={dateId}>New date</Label>
        <Input
          id={dateId}
          type="date"
          value={toDay}
          onChange={(event) => setToDay(event.target.value)}
        />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Was</dt>
        <dd>
          {longDay(locale).format(new Date(order.eventStart))} –{' '}
          {longDay(locale).format(new Date(order.eventEnd))}
        </dd>
        <dt className="text-muted-foreground">Moves to</dt>
        <dd>
          {longDay(locale).format(new Date(eventStart))} –{' '}
          {longDay(locale).format(new Date(eventEnd))}
        </dd>
        <dt className="text-muted-foreground">Price</dt>
        <dd aria-live="polite" data-testid="price-difference">
          {days === 0
            ? 'Pick another day'
            : difference === null
              ? 'Checking…'
              : difference === 0
                ? `No change (${money(order.total)})`
                : `${difference > 0 ? '+' : '−'}${money(Math.abs(difference))} (${money(order.total)} → ${money(order.total + difference)})`}
        </dd>
        <dt className="text-muted-foreground">Stock</dt>
        <dd aria-live="polite">
          {days === 0 || order.lines.length === 0
            ? '—'
            : !stock.data
              ? 'Checking…'
              : short.length === 0
                ? 'Everything is free on the new date'
                : short.map((s) => (
                    <span key={s.productId} className="block text-destructive">
                      {nameOf(s.productId)}: only {Math.max(s.available, 0)} of {s.requested} free
                      {s.conflicts.slice(0, 3).map((c) => (
                        <span key={c.orderId}>
                          {' '}
                          ·{' '}
                          <Link
                            to="/orders/$orderId"
                            params={{ orderId: c.orderId }}
                            className="underline"
                          >
                            #{c.number}
                          </Link>
                        </span>
                      ))}
                    </span>
                  ))}
        </dd>
      </dl>
      {refused && (
        <p role="alert" className="text-sm text-destructive">
          {refused.message}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onDone}>
          Keep the date
        </Button>
        <Button type="submit" disabled={days === 0 || save.isPending}>
          Move the order
        </Button>
      </DialogFooter>
    </form>
  );
}
