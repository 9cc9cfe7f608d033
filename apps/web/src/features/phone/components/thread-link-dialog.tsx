import { THREAD_LINK_LABELS, type ThreadLinkKind, type ThreadLinkOrder } from '@tentpole/domain';
import { type FormEvent, useId, useState } from 'react';
import { moneyInputText, parseMoneyInput } from '@/components/form/parse-money-input';
import { QueryError } from '@/components/query-state/query-error';
import { Button } from '@/components/ui/button';
import {
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useAccountFormat } from '@/lib/account-format';
import { ApiError } from '@/lib/api-client';
import { useCreateThreadLink, useThreadLinkOptions } from '../api/thread-links';
import { cardDay, threadLinkText } from '../lib/caller-texts';

/** The links an order offers now, in the order the customer would need them. */
function kindsFor(order: ThreadLinkOrder, payLinks: boolean): ThreadLinkKind[] {
  const kinds: ThreadLinkKind[] = ['order'];
  if (order.awaitingSignature) kinds.push('sign');
  if (order.awaitingApproval) kinds.push('approve');
  if (payLinks && (order.balanceDue === null || order.balanceDue > 0)) kinds.push('pay');
  return kinds;
}

const HINTS: Readonly<Record<ThreadLinkKind, string>> = {
  order: 'Their order, its documents and payments.',
  sign: 'Opens the rental agreement to sign.',
  approve: 'Opens what changed since they signed, to approve.',
  pay: 'A card payment page for the amount below.',
};

/**
 * Issue 24 item 3: the reply box's "Add a link" dialog. Staff choose the order and what the
 * link is for; the short link, with words around it, goes into the reply for them to send.
 */
export function ThreadLinkDialog({
  conversationId,
  onAdd,
  onCloseAutoFocus,
}: {
  conversationId: string;
  onAdd: (text: string) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { locale, money } = useAccountFormat();
  const ids = { order: useId(), kind: useId(), amount: useId(), error: useId() };
  const options = useThreadLinkOptions(conversationId, true);
  const create = useCreateThreadLink(conversationId);
  const [orderId, setOrderId] = useState<string | null>(null);
  const [kind, setKind] = useState<ThreadLinkKind>('order');
  const [amount, setAmount] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const data = options.data;
  const order = data?.orders.find((o) => o.id === orderId) ?? data?.orders[0] ?? null;
  const kinds = order && data ? kindsFor(order, data.payLinks) : [];
  const chosen = kinds.includes(kind) ? kind : 'order';
  const currency = data?.currency ?? 'USD';
  const amountText =
    amount ?? (order?.balanceDue ? moneyInputText(order.balanceDue, currency) : '');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The dialog is portalled out of the reply's form in the page, not in React's tree: its
    // submit must not bubble there and send the reply.
    event.stopPropagation();
    if (!order || create.isPending) return;
    let cents: number | undefined;
    if (chosen === 'pay') {
      const parsed = parseMoneyInput(amountText, currency);
      if (parsed === null || Number.isNaN(parsed) || parsed <= 0) {
        setError('Enter an amount above zero');
        return;
      }
      cents = parsed;
    }
    setError(null);
    try {
      const link = await create.mutateAsync({
        orderId: order.id,
        kind: chosen,
        ...(cents === undefined ? {} : { amount: cents }),
      });
      onAdd(threadLinkText(link, link.amount === null ? null : money(link.amount, currency)));
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.status < 500
          ? caught.message
          : 'The link could not be made. Try again.',
      );
    }
  }

  return (
    <DialogContent className="sm:max-w-md" onCloseAutoFocus={onCloseAutoFocus}>
      <DialogHeader>
        <DialogTitle>Add a link</DialogTitle>
        <DialogDescription>
          A short link goes into your reply. When they pay, sign or approve, it shows here.
        </DialogDescription>
      </DialogHeader>
      {options.isPending ? (
        <div className="grid gap-2" aria-busy="true">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : options.isError ? (
        <QueryError
          title="The customer's orders could not be loaded."
          onRetry={() => void options.refetch()}
        />
      ) : !order ? (
        <p className="text-sm text-muted-foreground">
          This customer has no open orders to link to.
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
          <div className="grid gap-1.5">
            <label htmlFor={ids.order} className="text-sm font-medium">
              Order
            </label>
            <select
              id={ids.order}
              value={order.id}
              onChange={(event) => {
                setOrderId(event.target.value);
                setAmount(null);
                setError(null);
              }}
              className="h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 sm:text-sm"
            >
              {data?.orders.map((o) => (
                <option key={o.id} value={o.id}>
                  {`#${o.number} · ${cardDay(o.eventStart, data.timeZone, locale)}${
                    o.balanceDue ? ` · ${money(o.balanceDue, currency)} due` : ''
                  }`}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Link to</legend>
            {kinds.map((k) => (
              <label
                key={k}
                className="flex min-w-0 cursor-pointer items-start gap-2.5 rounded-md border p-2.5 has-checked:border-primary has-checked:bg-primary/5"
              >
                <input
                  type="radio"
                  name={ids.kind}
                  value={k}
                  checked={chosen === k}
                  onChange={() => {
                    setKind(k);
                    setError(null);
                  }}
                  className="mt-1 size-4 accent-primary"
                />
                <span className="grid min-w-0">
                  <span className="text-sm font-medium">{THREAD_LINK_LABELS[k]}</span>
                  <span className="text-xs text-muted-foreground">{HINTS[k]}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {chosen === 'pay' && (
            <div className="grid gap-1.5">
              <label htmlFor={ids.amount} className="text-sm font-medium">
                Amount
              </label>
              <Input
                id={ids.amount}
                inputMode="decimal"
                autoComplete="off"
                value={amountText}
                onChange={(event) => {
                  setAmount(event.target.value);
                  setError(null);
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? ids.error : undefined}
              />
            </div>
          )}
          {error && (
            <p id={ids.error} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending && <Spinner />}
              Add to reply
            </Button>
          </DialogFooter>
        </form>
      )}
    </DialogContent>
  );
}
