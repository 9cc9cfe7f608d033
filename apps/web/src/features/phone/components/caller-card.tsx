import { Link } from '@tanstack/react-router';
import {
  type CallerCard as CallerCardData,
  type CallerCardOrder,
  can,
  formatPhone,
  ORDER_STATUS_LABELS,
  type ReachOrigin,
} from '@tentpole/domain';
import {
  CalendarDays,
  Clock,
  CreditCard,
  FileSignature,
  FileText,
  Plus,
  Truck,
  Users,
  Wallet,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { Button } from '@/components/ui/button';
import { useCreatePayLink, useCustomerLink } from '@/features/orders/api/order-api';
import { useAccountFormat } from '@/lib/account-format';
import { cn } from '@/lib/cn';
import { useCreateText } from '../api/create-text';
import { useCallerCard, useCustomersOnNumber, useRememberCaller } from '../api/get-caller-card';
import { useCallerEta } from '../api/get-caller-eta';
import { useCallerChoice } from '../lib/caller-choice';
import {
  cardDay,
  cardMoment,
  cardWindow,
  deliveryWindowText,
  etaText,
  orderLinkText,
  payLinkText,
} from '../lib/caller-texts';

type CallerCardProps = {
  /** Remembers the choice among customers sharing the number: the call's or conversation's id. */
  choiceKey: string;
  /** The caller's number: where the card's texts go, and whose customers it offers. */
  number: string;
  /** The customer the call or conversation names, when it names one. */
  customerId: string | null;
  origin: ReachOrigin;
  /** Shown instead of the card when it cannot be read. */
  fallback?: ReactNode;
  /** Folded to its first line until opened (a conversation, where the messages need the room). */
  folded?: boolean;
  /**
   * Where a choice among customers sharing the number is kept on the server (the call's or the
   * conversation's `…/customer` route), when it can be (decision 0062); else only for this tab.
   */
  rememberAt?: string | null;
};

/**
 * Issue 24 item 1, the caller card: under the Incoming Call dialog's spec lines, in the
 * active-call panel and under a conversation's header. The customer's next or open order, open
 * quotes and holds, lifetime value, money as the member may see it, and one-tap actions. When
 * several customers share the number, a choice of whose card, kept for the call.
 */
export function CallerCard({
  choiceKey,
  number,
  customerId,
  origin,
  fallback,
  folded,
  rememberAt,
}: CallerCardProps) {
  const sharing = useCustomersOnNumber(number);
  const [chosen, chooseHere] = useCallerChoice(choiceKey);
  const remember = useRememberCaller();
  const choose = (id: string) => {
    chooseHere(id);
    // The call log (or the thread) names the customer chosen; a failure keeps the tab's choice.
    if (rememberAt) remember.mutate({ path: rememberAt, customerId: id });
  };
  const candidates = sharing.data ?? [];
  // The choice made for this call wins over the customer the call names.
  const shown =
    chosen ?? customerId ?? (candidates.length === 1 ? (candidates[0]?.id ?? null) : null);
  return (
    <>
      {candidates.length > 1 && (
        <CustomerChooser number={number} customers={candidates} chosen={shown} onChoose={choose} />
      )}
      {shown && (
        <CardOf
          customerId={shown}
          number={number}
          origin={origin}
          fallback={fallback}
          folded={folded}
        />
      )}
    </>
  );
}

function CustomerChooser({
  number,
  customers,
  chosen,
  onChoose,
}: {
  number: string;
  customers: { id: string; name: string; company: string | null }[];
  chosen: string | null;
  onChoose: (id: string) => void;
}) {
  return (
    <fieldset className="grid gap-1.5 text-sm">
      <legend className="mb-1.5 flex items-center gap-2 text-muted-foreground">
        <Users aria-hidden="true" className="size-4 shrink-0" />
        {formatPhone(number) || number} is the number of {customers.length} customers: whose card?
      </legend>
      <div className="flex flex-wrap gap-1.5">
        {customers.map((c) => (
          <Button
            key={c.id}
            size="sm"
            variant={c.id === chosen ? 'secondary' : 'outline'}
            aria-pressed={c.id === chosen}
            onClick={() => onChoose(c.id)}
          >
            {c.name}
            {c.company ? ` (${c.company})` : ''}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}

function CardOf({
  customerId,
  number,
  origin,
  fallback,
  folded,
}: Omit<CallerCardProps, 'choiceKey' | 'customerId'> & { customerId: string }) {
  const card = useCallerCard(customerId);
  if (card.isError) return <>{fallback}</>;
  if (!card.data) return null;
  return <CardView card={card.data} number={number} origin={origin} folded={folded} />;
}

function headline(order: CallerCardOrder, now: number): string {
  const ahead = Date.parse(order.eventEnd) >= now;
  return `${ahead ? 'Next order' : 'Open order'} #${order.number}`;
}

function CardView({
  card,
  number,
  origin,
  folded,
}: {
  card: CallerCardData;
  number: string;
  origin: ReachOrigin;
  folded?: boolean | undefined;
}) {
  const format = useAccountFormat();
  const { locale } = format;
  const { order, quotes, timeZone, currency } = card;
  const money = (cents: number) => format.money(cents, currency);
  const body = (
    <div className="grid gap-1.5">
      {order ? (
        <OrderLines order={order} timeZone={timeZone} money={money} />
      ) : (
        <p className="flex items-center gap-2 text-muted-foreground">
          <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
          No order ahead and nothing owed.
        </p>
      )}
      {quotes.length > 0 && (
        <div className="flex items-start gap-2">
          <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <ul className="grid gap-0.5" aria-label="Open quotes and holds">
            {quotes.map((q) => (
              <li key={q.id}>
                <Link
                  to="/orders/$orderId"
                  params={{ orderId: q.id }}
                  className="font-medium underline"
                >
                  {ORDER_STATUS_LABELS[q.status]} #{q.number}
                </Link>{' '}
                · {cardDay(q.eventStart, timeZone, locale)}
                {q.total !== undefined && ` · ${money(q.total)}`}
                {q.holdExpiresAt && (
                  <span className="text-amber-800 dark:text-amber-300">
                    {' '}
                    · holds until {cardMoment(q.holdExpiresAt, timeZone, locale)}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {card.lifetimeValue !== undefined && (
        <p className="flex items-center gap-2">
          <Wallet aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          Lifetime value {money(card.lifetimeValue)}
        </p>
      )}
      <CardActions card={card} number={number} origin={origin} money={money} />
    </div>
  );
  return (
    <section
      aria-label="Caller card"
      className="min-w-0 rounded-lg border bg-muted/30 p-3 text-sm wrap-anywhere"
    >
      {folded ? (
        <details>
          <summary className="cursor-pointer font-medium">
            Caller card
            {order
              ? ` · ${headline(order, Date.now())} · ${cardDay(order.eventStart, timeZone, locale)}`
              : ''}
          </summary>
          <div className="mt-2">{body}</div>
        </details>
      ) : (
        body
      )}
    </section>
  );
}

function OrderLines({
  order,
  timeZone,
  money,
}: {
  order: CallerCardOrder;
  timeZone: string;
  money: (cents: number) => string;
}) {
  const { locale } = useAccountFormat();
  const items = order.items.map((i) => `${i.description} × ${i.quantity}`).join(', ');
  const site = [
    order.deliveryWindow &&
      order.fulfilment === 'delivery' &&
      `Delivery ${cardWindow(order.deliveryWindow, timeZone, locale)}`,
    order.fulfilment === 'pickup' && 'Customer pickup',
    order.surface && `Surface: ${order.surface}`,
    order.addressLine2 && `Gate / unit: ${order.addressLine2}`,
  ].filter(Boolean);
  return (
    <>
      <p className="flex items-start gap-2">
        <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span>
          <Link
            to="/orders/$orderId"
            params={{ orderId: order.id }}
            className="font-medium text-foreground underline"
          >
            {headline(order, Date.now())}
          </Link>{' '}
          on {cardDay(order.eventStart, timeZone, locale)} · {ORDER_STATUS_LABELS[order.status]} ·{' '}
          <span
            className={cn(
              'inline-flex items-center gap-1',
              !order.signed && 'text-amber-800 dark:text-amber-300',
            )}
          >
            <FileSignature aria-hidden="true" className="size-3.5" />
            {order.signed ? 'Signed' : 'Not signed'}
          </span>
        </span>
      </p>
      {items && <p className="pl-6 text-muted-foreground">{items}</p>}
      {site.length > 0 && (
        <p className="flex items-start gap-2">
          <Truck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <span>{site.join(' · ')}</span>
        </p>
      )}
      {order.balanceDue !== undefined && (
        <p className="flex items-center gap-2">
          <CreditCard aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          {order.balanceDue > 0 ? (
            <span className="font-medium text-amber-800 dark:text-amber-300">
              Balance due {money(order.balanceDue)}
            </span>
          ) : (
            <span>Paid in full</span>
          )}
        </p>
      )}
    </>
  );
}

type Sent = { kind: 'sent'; to: string; body: string } | { kind: 'failed'; message: string };

function CardActions({
  card,
  number,
  origin,
  money,
}: {
  card: CallerCardData;
  number: string;
  origin: ReachOrigin;
  money: (cents: number) => string;
}) {
  const { user } = useAuthenticatedSession();
  const order = card.order;
  const mayText = can(user.roles, 'phone.write');
  const mayOrder = can(user.roles, 'order.write');
  const canPay =
    mayText && can(user.roles, 'payment.write') && order && (order.balanceDue ?? 0) > 0;
  const canWindow = mayText && order?.fulfilment === 'delivery' && order.deliveryWindow !== null;
  // The live ETA, from the day's routes, for those who may text and read the routes.
  const eta = useCallerEta(order, card.timeZone, mayText && can(user.roles, 'delivery.read'));
  return (
    <div className="flex flex-wrap gap-1.5 pt-1">
      {eta && (
        <p className="basis-full text-sm">
          {eta.kind === 'delivery' ? 'Delivery' : 'Pickup'} today: crew expected about{' '}
          <strong>{eta.eta}</strong>
          {eta.state === 'late' && ' (running late)'}
          {eta.state === 'missed' && ' (will miss its window)'}
        </p>
      )}
      {order && (canPay || (mayText && mayOrder) || canWindow || eta) && (
        <OrderTextActions
          order={order}
          number={number}
          timeZone={card.timeZone}
          money={money}
          eta={eta}
          offer={{ payLink: Boolean(canPay), orderLink: mayText && mayOrder, window: canWindow }}
        />
      )}
      {mayOrder && (
        <Button asChild size="sm" variant="outline">
          {/* Issue 24 item 8: the order carries where it started as its referral source. */}
          <Link to="/orders/new" search={{ customerId: card.customer.id, from: origin }}>
            <Plus aria-hidden="true" />
            {origin === 'call' ? 'New order for this caller' : 'New order for this customer'}
          </Link>
        </Button>
      )}
    </div>
  );
}

function OrderTextActions({
  order,
  number,
  timeZone,
  money,
  offer,
  eta,
}: {
  order: CallerCardOrder;
  number: string;
  timeZone: string;
  money: (cents: number) => string;
  offer: { payLink: boolean; orderLink: boolean; window: boolean };
  eta: { kind: 'delivery' | 'pickup'; eta: string } | null;
}) {
  const { locale } = useAccountFormat();
  const createPayLink = useCreatePayLink(order.id);
  const customerLink = useCustomerLink(order.id);
  const text = useCreateText();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);
  const to = formatPhone(number) || number;
  const deliveryWindow = order.deliveryWindow;

  // One tap: make what the text carries (a pay link, the order page's link), then text it.
  const send = async (compose: () => Promise<string>) => {
    setBusy(true);
    setSent(null);
    try {
      const body = await compose();
      await text.mutateAsync({ phoneNumber: number, body });
      setSent({ kind: 'sent', to, body });
    } catch (error) {
      setSent({
        kind: 'failed',
        message: error instanceof Error ? error.message : 'The text could not be sent.',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {offer.payLink && (
        <Button
          size="sm"
          disabled={busy}
          onClick={() =>
            void send(async () => {
              const { payLink } = await createPayLink.mutateAsync({ purpose: 'balance' });
              if (!payLink.url) throw new Error('The pay link has no payment page.');
              return payLinkText(order.number, money(payLink.amount), payLink.url);
            })
          }
        >
          <CreditCard aria-hidden="true" />
          Text pay link
        </Button>
      )}
      {offer.orderLink && (
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() =>
            void send(async () => {
              const { url } = await customerLink.mutateAsync();
              return orderLinkText(order.number, order.signed, url);
            })
          }
        >
          <FileSignature aria-hidden="true" />
          Text order link
        </Button>
      )}
      {offer.window && deliveryWindow && (
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() =>
            void send(async () =>
              deliveryWindowText(order.number, deliveryWindow, timeZone, locale),
            )
          }
        >
          <Truck aria-hidden="true" />
          Text delivery window
        </Button>
      )}
      {eta && (
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() => void send(async () => etaText(order.number, eta.kind, eta.eta))}
        >
          <Clock aria-hidden="true" />
          Text the ETA
        </Button>
      )}
      {sent && (
        <p
          role={sent.kind === 'failed' ? 'alert' : 'status'}
          className={cn(
            'basis-full text-sm',
            sent.kind === 'failed' ? 'text-destructive' : 'text-emerald-800 dark:text-emerald-300',
          )}
        >
          {sent.kind === 'sent' ? `Texted to ${sent.to}: “${sent.body}”` : sent.message}
        </p>
      )}
    </>
  );
}
