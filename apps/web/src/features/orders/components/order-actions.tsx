import {
  CANCEL_MONEY_CHOICES,
  CANCEL_MONEY_LABELS,
  type CancelMoneyChoice,
  can,
  ORDER_TRANSITIONS,
  type Order,
  type OrderStatus,
} from '@tentpole/domain';
import { useId, useState } from 'react';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useAccountFormat } from '@/lib/account-format';
import { TransitionRefused, useTransition } from '../api/order-api';
import { StockRefusal } from './stock-refusal';

/** The buttons' words for each move (§4). */
const ACTION_LABELS: Record<OrderStatus, string> = {
  draft: 'Back to draft',
  quote: 'Make it a quote',
  hold: 'Hold for customer',
  reserved: 'Reserve',
  confirmed: 'Confirm',
  out: 'Mark out',
  returned: 'Mark returned',
  completed: 'Complete',
  cancelled: 'Cancel order',
};

type Move = ReturnType<typeof useTransition>;

/** §4 "cancelled": a reason, and what happens to the money already paid. */
function CancelForm({ order, move, onClose }: { order: Order; move: Move; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [money, setMoney] = useState<CancelMoneyChoice>('refund');
  const format = useAccountFormat();
  const reasonId = useId();
  const paid = order.totals.paid - order.totals.refunded;
  return (
    <form
      className="grid gap-3 rounded-lg border p-3"
      onSubmit={(event) => {
        event.preventDefault();
        move.mutate(
          { to: 'cancelled', reason, ...(paid > 0 ? { money } : {}) },
          { onSuccess: onClose },
        );
      }}
    >
      <div className="grid gap-1">
        <label htmlFor={reasonId} className="text-sm font-medium">
          Why is it cancelled?
        </label>
        <Textarea
          id={reasonId}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      {paid > 0 && (
        <fieldset className="grid gap-1.5">
          <legend className="mb-1 text-sm font-medium">
            {format.money(paid)} has been paid. What happens to it?
          </legend>
          {CANCEL_MONEY_CHOICES.map((choice) => (
            <label key={choice} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="money"
                value={choice}
                checked={money === choice}
                onChange={() => setMoney(choice)}
                className="size-4 accent-primary"
              />
              {CANCEL_MONEY_LABELS[choice]}
              {choice === 'keep_deposit' && order.totals.depositDue > 0 && (
                <span className="text-muted-foreground">
                  (keeps {format.money(Math.min(order.totals.depositDue, paid))})
                </span>
              )}
            </label>
          ))}
          <p className="text-xs text-muted-foreground">
            A security deposit that was paid always goes back.
          </p>
        </fieldset>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" disabled={move.isPending}>
          Cancel order
        </Button>
        <Button type="button" variant="ghost" onClick={onClose}>
          Keep it
        </Button>
      </div>
    </form>
  );
}

/** §4 "returned": per line what came back damaged or went missing (it opens maintenance). */
function ReturnForm({ order, move, onClose }: { order: Order; move: Move; onClose: () => void }) {
  const lines = order.lines.filter((l) => l.kind === 'product' && l.productId);
  const [counts, setCounts] = useState<Record<string, { damaged: string; missing: string }>>({});
  const idPrefix = useId();
  const count = (value: string | undefined) => {
    const n = Number(value ?? '0');
    return Number.isInteger(n) && n >= 0 ? n : 0;
  };
  return (
    <form
      className="grid gap-3 rounded-lg border p-3"
      onSubmit={(event) => {
        event.preventDefault();
        move.mutate(
          {
            to: 'returned',
            returns: lines
              .map((l) => ({
                lineId: l.id,
                damaged: count(counts[l.id]?.damaged),
                missing: count(counts[l.id]?.missing),
              }))
              .filter((r) => r.damaged + r.missing > 0),
          },
          { onSuccess: onClose },
        );
      }}
    >
      <p className="text-sm font-medium">What came back? Leave 0 for what came back fine.</p>
      <ul className="grid gap-2">
        {lines.map((line) => (
          <li
            key={line.id}
            className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_7rem_7rem] sm:items-end"
          >
            <span className="min-w-0 text-sm wrap-anywhere">
              {line.description} <span className="text-muted-foreground">× {line.quantity}</span>
            </span>
            {(['damaged', 'missing'] as const).map((kind) => (
              <div key={kind} className="grid gap-1">
                <label htmlFor={`${idPrefix}-${line.id}-${kind}`} className="text-xs">
                  {kind === 'damaged' ? 'Damaged' : 'Missing'}
                  <span className="sr-only"> of {line.description}</span>
                </label>
                <Input
                  id={`${idPrefix}-${line.id}-${kind}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={line.quantity}
                  value={counts[line.id]?.[kind] ?? '0'}
                  onChange={(event) =>
                    setCounts((all) => ({
                      ...all,
                      [line.id]: {
                        damaged: all[line.id]?.damaged ?? '0',
                        missing: all[line.id]?.missing ?? '0',
                        [kind]: event.target.value,
                      },
                    }))
                  }
                />
              </div>
            ))}
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted-foreground">
        Damaged and missing units leave stock until someone ends their maintenance.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={move.isPending}>
          Mark returned
        </Button>
        <Button type="button" variant="ghost" onClick={onClose}>
          Not yet
        </Button>
      </div>
    </form>
  );
}

/** §4: the moves the order can make next; staff without `order.write` see why they cannot. */
export function OrderActions({ order }: { order: Order }) {
  const { user } = useAuthenticatedSession();
  const move = useTransition(order.id);
  const [open, setOpen] = useState<'cancelled' | 'returned' | null>(null);
  const next = ORDER_TRANSITIONS[order.status as OrderStatus] ?? [];
  const mayWrite = can(user.roles, 'order.write');
  const mayCancel = can(user.roles, 'order.cancel');
  const refused = move.error instanceof TransitionRefused ? move.error : null;
  if (next.length === 0) return null;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-2">
        {next.map((to) => {
          const withForm = to === 'cancelled' || to === 'returned';
          const allowed = to === 'cancelled' ? mayCancel : mayWrite;
          return (
            <Button
              key={to}
              variant={
                to === 'reserved' || to === 'confirmed' || to === 'returned' ? 'default' : 'outline'
              }
              disabled={!allowed || move.isPending}
              aria-expanded={withForm ? open === to : undefined}
              onClick={() => (withForm ? setOpen(to) : move.mutate({ to }))}
            >
              {ACTION_LABELS[to]}
            </Button>
          );
        })}
      </div>
      {!mayWrite && (
        <p className="text-sm text-muted-foreground">
          Changing orders needs the order.write permission.
        </p>
      )}
      {mayWrite && !mayCancel && next.includes('cancelled') && (
        <p className="text-sm text-muted-foreground">
          Cancelling orders needs the order.cancel permission.
        </p>
      )}
      {open === 'cancelled' && (
        <CancelForm order={order} move={move} onClose={() => setOpen(null)} />
      )}
      {open === 'returned' && (
        <ReturnForm order={order} move={move} onClose={() => setOpen(null)} />
      )}
      {refused && (
        <StockRefusal
          message={refused.message}
          shortages={refused.shortages}
          nameOf={(id) => order.lines.find((l) => l.productId === id)?.description}
        />
      )}
    </div>
  );
}
