import { can, type Order, type OrderCardCharge } from '@tentpole/domain';
import { AlertTriangle, CreditCard } from 'lucide-react';
import { useId, useState } from 'react';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { parseMoneyInput } from '@/components/form/parse-money-input';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useAccountFormat } from '@/lib/account-format';
import { useOrderCard, useSettleHold } from '../api/order-api';

const HOLD_LABELS: Record<OrderCardCharge['status'], string> = {
  pending: 'being placed',
  held: 'held',
  captured: 'part kept',
  released: 'released',
  succeeded: 'taken',
  failed: 'failed',
};

/**
 * §6 on the order page: the customer's card on file, the automatic payment of the balance and
 * the security deposit held on the card, with keep-part (damage) and release for staff.
 */
export function OrderCard({ order }: { order: Order }) {
  const { money } = useAccountFormat();
  const { user } = useAuthenticatedSession();
  const card = useOrderCard(order.id);
  const heading = useId();
  if (!card.data) return null;
  const { card: saved, charges } = card.data;
  if (!saved && charges.length === 0) return null;
  const autopay = charges.find((c) => c.kind === 'autopay');
  const hold = charges.find((c) => c.kind === 'hold');
  return (
    <section className="grid gap-2 border-t pt-3 text-sm" aria-labelledby={heading}>
      <h3 id={heading} className="flex items-center gap-2 font-semibold">
        <CreditCard aria-hidden="true" className="size-4" />
        Card on file
      </h3>
      <p>
        {saved
          ? `${saved.brand.charAt(0).toUpperCase()}${saved.brand.slice(1)} ending in ${saved.last4}, expires ${String(saved.expMonth).padStart(2, '0')}/${saved.expYear}`
          : 'No card saved.'}
      </p>
      {autopay?.status === 'failed' && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-2 text-destructive"
        >
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            The automatic payment of {money(autopay.amount)} failed:{' '}
            {(autopay.failure ?? 'declined').replace(/\.?$/, '.')} Send the customer a pay link.
          </span>
        </p>
      )}
      {autopay?.status === 'succeeded' && (
        <p className="text-muted-foreground">
          The balance of {money(autopay.amount)} was charged automatically.
        </p>
      )}
      {hold && (
        <p>
          Security deposit on the card: {money(hold.amount)} {HOLD_LABELS[hold.status]}
          {hold.status === 'captured' && ` (${money(hold.captured)} kept: ${hold.note ?? ''})`}
          {hold.status === 'failed' && `: ${hold.failure ?? ''}`}
        </p>
      )}
      {hold?.status === 'held' && can(user.roles, 'payment.write') && (
        <HoldActions orderId={order.id} held={hold.amount} />
      )}
    </section>
  );
}

function HoldActions({ orderId, held }: { orderId: string; held: number }) {
  const { currency, locale, money } = useAccountFormat();
  const settle = useSettleHold(orderId);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const ids = { amount: useId(), note: useId(), photos: useId(), error: useId() };
  return (
    <form
      aria-label="Security deposit hold"
      className="grid gap-2 rounded-lg border p-2 sm:grid-cols-[8rem_1fr_auto_auto] sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        const cents = parseMoneyInput(amount, currency, locale);
        if (cents === null || Number.isNaN(cents) || cents <= 0) {
          setError('Enter the amount to keep');
          return;
        }
        setError(null);
        settle.mutate(
          { action: 'capture', amount: cents, note, photos },
          { onError: (e) => setError(e.message) },
        );
      }}
    >
      <div className="grid gap-1">
        <label htmlFor={ids.amount} className="text-xs font-medium">
          Keep
        </label>
        <Input
          id={ids.amount}
          inputMode="decimal"
          value={amount}
          placeholder={money(held)}
          aria-invalid={error !== null}
          aria-describedby={error ? ids.error : undefined}
          onChange={(event) => setAmount(event.target.value)}
        />
      </div>
      <div className="grid gap-1">
        <label htmlFor={ids.note} className="text-xs font-medium">
          Why (damage, cleaning…)
        </label>
        <Input id={ids.note} value={note} onChange={(event) => setNote(event.target.value)} />
      </div>
      <div className="grid gap-1 sm:col-span-4">
        <label htmlFor={ids.photos} className="text-xs font-medium">
          Photos of the damage (up to 5)
        </label>
        <input
          id={ids.photos}
          type="file"
          accept="image/*"
          multiple
          className="text-sm"
          onChange={(event) => setPhotos([...(event.target.files ?? [])].slice(0, 5))}
        />
      </div>
      <Button type="submit" size="sm" disabled={settle.isPending}>
        Keep from deposit
      </Button>
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={settle.isPending}
        onClick={() =>
          settle.mutate({ action: 'release' }, { onError: (e) => setError(e.message) })
        }
      >
        Release hold
      </Button>
      {error && (
        <p id={ids.error} role="alert" className="text-destructive sm:col-span-4">
          {error}
        </p>
      )}
    </form>
  );
}
