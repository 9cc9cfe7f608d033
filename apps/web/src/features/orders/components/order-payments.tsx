import {
  can,
  dateTimeFormat,
  type Order,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
  REFUND_METHOD_LABELS,
  type RefundMethod,
} from '@tentpole/domain';
import { useId, useState } from 'react';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { parseMoneyInput } from '@/components/form/parse-money-input';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { useAccountFormat } from '@/lib/account-format';
import { useOrderPayments, useRecordPayment, useRecordRefund } from '../api/order-api';
import { OrderCard } from './order-card';
import { OrderPayLinks } from './order-pay-links';

const when = (locale: string) =>
  dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

/** §4 "Payments": what was paid and refunded, and a manual payment with `payment.write`. */
export function OrderPayments({ order }: { order: Order }) {
  const { currency, locale, money } = useAccountFormat();
  const { user } = useAuthenticatedSession();
  const payments = useOrderPayments(order.id);
  const record = useRecordPayment(order.id);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [of, setOf] = useState<'rental' | 'deposit'>('rental');
  const [error, setError] = useState<string | null>(null);
  const ids = { amount: useId(), method: useId(), of: useId(), error: useId(), heading: useId() };
  return (
    <section
      aria-labelledby={ids.heading}
      className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs"
    >
      <h2 id={ids.heading} className="font-semibold">
        Payments
      </h2>
      {payments.data && payments.data.payments.length > 0 ? (
        <ul className="divide-y text-sm">
          {payments.data.payments.map((p) => (
            <li key={p.id} className="flex flex-wrap items-baseline justify-between gap-x-4 py-1.5">
              <span>
                {p.kind === 'refund' ? 'Refund' : 'Payment'} ·{' '}
                {PAYMENT_METHOD_LABELS[p.method as PaymentMethod] ?? p.method}
                {p.online && ' · online'}
                {p.of === 'deposit' && ' · security deposit'}
                <span className="block text-xs text-muted-foreground">
                  {when(locale).format(new Date(p.paidAt))}
                </span>
              </span>
              <span className="tabular-nums">{money(p.amount)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">Nothing paid yet.</p>
      )}
      {!can(user.roles, 'payment.write') && order.status !== 'cancelled' && (
        <p className="text-sm text-muted-foreground">
          Recording payments needs the payment.write permission.
        </p>
      )}
      {can(user.roles, 'payment.write') && order.status !== 'cancelled' && (
        <form
          className="grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            const cents = parseMoneyInput(amount, currency, locale);
            if (cents === null || Number.isNaN(cents) || cents <= 0) {
              setError('Enter an amount above zero');
              return;
            }
            setError(null);
            record.mutate(
              { amount: cents, method, of },
              {
                onSuccess: () => setAmount(''),
                onError: (e) => setError(e.message),
              },
            );
          }}
        >
          <div className="grid gap-1">
            <label htmlFor={ids.amount} className="text-sm font-medium">
              Amount
            </label>
            <Input
              id={ids.amount}
              inputMode="decimal"
              value={amount}
              aria-invalid={error !== null}
              aria-describedby={error ? ids.error : undefined}
              onChange={(event) => setAmount(event.target.value)}
              placeholder={money(Math.max(order.totals.balance, 0))}
            />
          </div>
          <div className="grid gap-1">
            <label htmlFor={ids.method} className="text-sm font-medium">
              Method
            </label>
            <NativeSelect
              id={ids.method}
              value={method}
              onChange={(event) => setMethod(event.target.value as PaymentMethod)}
            >
              {PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {PAYMENT_METHOD_LABELS[m]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1">
            <label htmlFor={ids.of} className="text-sm font-medium">
              For
            </label>
            <NativeSelect
              id={ids.of}
              value={of}
              onChange={(event) => setOf(event.target.value as 'rental' | 'deposit')}
            >
              <option value="rental">The rental</option>
              <option value="deposit">Security deposit</option>
            </NativeSelect>
          </div>
          <Button type="submit" disabled={record.isPending}>
            Record payment
          </Button>
          {error && (
            <p id={ids.error} role="alert" className="text-sm text-destructive sm:col-span-4">
              {error}
            </p>
          )}
        </form>
      )}
      <OrderPayLinks order={order} />
      <OrderCard order={order} />
      {order.totals.paid - order.totals.refunded + order.totals.securityDepositHeld > 0 &&
        (can(user.roles, 'payment.refund') ? (
          <RefundForm
            order={order}
            paidOnline={
              payments.data?.payments.some((p) => p.online && p.kind === 'payment') ?? false
            }
          />
        ) : (
          <p className="text-sm text-muted-foreground">
            Refunds need the payment.refund permission.
          </p>
        ))}
    </section>
  );
}

/** §4: a refund with `payment.refund`, rental money or security deposit, with a reason. */
function RefundForm({ order, paidOnline }: { order: Order; paidOnline: boolean }) {
  const { currency, locale } = useAccountFormat();
  const refund = useRecordRefund(order.id);
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [of, setOf] = useState<'rental' | 'deposit'>('rental');
  const [method, setMethod] = useState<RefundMethod>(paidOnline ? 'card_online' : 'cash');
  // §6: money paid online goes back to the card through the processor; the rest is recorded.
  const methods: RefundMethod[] = paidOnline
    ? ['card_online', ...PAYMENT_METHODS]
    : [...PAYMENT_METHODS];
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = { amount: useId(), of: useId(), method: useId(), reason: useId(), error: useId() };
  if (!open)
    return (
      <div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            setMethod(paidOnline ? 'card_online' : 'cash');
            setOpen(true);
          }}
        >
          Refund
        </Button>
      </div>
    );
  return (
    <form
      aria-label="Refund"
      className="grid gap-3 rounded-lg border p-3 sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        const cents = parseMoneyInput(amount, currency, locale);
        if (cents === null || Number.isNaN(cents) || cents <= 0) {
          setError('Enter an amount above zero');
          return;
        }
        setError(null);
        refund.mutate(
          { amount: cents, of, method, reason },
          {
            onSuccess: () => {
              setOpen(false);
              setAmount('');
              setReason('');
            },
            onError: (e) => setError(e.message),
          },
        );
      }}
    >
      <div className="grid gap-1">
        <label htmlFor={ids.amount} className="text-sm font-medium">
          Refund amount
        </label>
        <Input
          id={ids.amount}
          inputMode="decimal"
          value={amount}
          aria-invalid={error !== null}
          aria-describedby={error ? ids.error : undefined}
          onChange={(event) => setAmount(event.target.value)}
        />
      </div>
      <div className="grid gap-1">
        <label htmlFor={ids.of} className="text-sm font-medium">
          Of
        </label>
        <NativeSelect
          id={ids.of}
          value={of}
          onChange={(event) => setOf(event.target.value as 'rental' | 'deposit')}
        >
          <option value="rental">The rental</option>
          <option value="deposit">Security deposit</option>
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <label htmlFor={ids.method} className="text-sm font-medium">
          Refund to
        </label>
        <NativeSelect
          id={ids.method}
          value={method}
          onChange={(event) => setMethod(event.target.value as RefundMethod)}
        >
          {methods.map((m) => (
            <option key={m} value={m}>
              {REFUND_METHOD_LABELS[m]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <label htmlFor={ids.reason} className="text-sm font-medium">
          Why
        </label>
        <Input id={ids.reason} value={reason} onChange={(event) => setReason(event.target.value)} />
      </div>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" disabled={refund.isPending}>
          Record refund
        </Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
          Close
        </Button>
      </div>
      {error && (
        <p id={ids.error} role="alert" className="text-sm text-destructive sm:col-span-2">
          {error}
        </p>
      )}
    </form>
  );
}
