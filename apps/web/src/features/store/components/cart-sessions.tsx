import { Link } from '@tanstack/react-router';
import {
  CART_SESSION_STATE_LABELS,
  CART_SESSION_STATES,
  type CartSession,
  type CartSessionState,
  can,
  dateTimeFormat,
  normalizePhone,
  numberFormat,
} from '@tentpole/domain';
import { MessageSquare, ShoppingCart } from 'lucide-react';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { StateMessage } from '@/components/query-state/state-message';
import { SegmentedControl } from '@/components/segmented-control';
import { useAccountFormat } from '@/lib/account-format';
import { cn } from '@/lib/cn';
import { type CartSessionFilter, useCartSessions } from '../api/get-cart-sessions';

const count = (locale: string) => numberFormat(locale);
const moment = (locale: string) =>
  dateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
const partyDay = (locale: string) =>
  dateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
const calendarDay = (locale: string) =>
  dateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

type StateFilter = CartSessionState | 'all';
const STATE_OPTIONS: readonly { value: StateFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...CART_SESSION_STATES.map((state) => ({
    value: state,
    label: CART_SESSION_STATE_LABELS[state],
  })),
];

const STATE_STYLES: Record<CartSessionState, string> = {
  open: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  abandoned: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  converted: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
};

const shownDay = (day: string, locale: string) =>
  calendarDay(locale).format(new Date(`${day}T00:00:00Z`));

function StateBadge({ state }: { state: CartSessionState }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        STATE_STYLES[state],
      )}
    >
      {CART_SESSION_STATE_LABELS[state]}
    </span>
  );
}

/** One shopper's visit: what they chose, for when and where, and how to reach them. */
function CartCard({ cart, mayText }: { cart: CartSession; mayText: boolean }) {
  const { locale, money } = useAccountFormat();
  const phone = cart.contact?.phone ? normalizePhone(cart.contact.phone) : '';
  return (
    <li className="grid min-w-0 gap-2 rounded-xl border bg-card p-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          Started {moment(locale).format(new Date(cart.startedAt))}
        </span>
        <StateBadge state={cart.state} />
      </div>
      <p className="wrap-anywhere">
        {cart.items.length > 0
          ? cart.items.map((item) => `${item.name} × ${item.quantity}`).join(', ')
          : `${count(locale).format(cart.itemCount)} ${cart.itemCount === 1 ? 'item' : 'items'}`}
        <span className="text-muted-foreground"> · {money(cart.valueCents)}</span>
      </p>
      <p className="text-muted-foreground">
        {cart.eventStart
          ? `Party ${partyDay(locale).format(new Date(cart.eventStart))}`
          : 'No party day'}
        {cart.postalCode ? ` · ZIP ${cart.postalCode}` : ''}
      </p>
      {cart.contact && (
        <div className="grid min-w-0 gap-1">
          <span className="font-medium wrap-anywhere">{cart.contact.name}</span>
          <span className="flex min-w-0 flex-wrap gap-x-3 gap-y-1">
            <a
              className="underline-offset-4 wrap-anywhere hover:underline"
              href={`mailto:${cart.contact.email}`}
            >
              {cart.contact.email}
            </a>
            {cart.contact.phone && <span>{cart.contact.phone}</span>}
          </span>
          {mayText && phone && cart.contact.textConsent && cart.state !== 'converted' && (
            <Link
              to="/phone"
              search={{ compose: phone }}
              className="inline-flex w-fit items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline"
            >
              <MessageSquare aria-hidden="true" className="size-4" />
              Text {cart.contact.name || phone}
            </Link>
          )}
          {!cart.contact.textConsent && (
            <span className="text-xs text-muted-foreground">No consent to texts</span>
          )}
        </div>
      )}
      {cart.order && (
        <Link
          to="/orders/$orderId"
          params={{ orderId: cart.order.id }}
          className="w-fit font-medium text-primary underline-offset-4 hover:underline"
        >
          Order #{cart.order.number}
        </Link>
      )}
    </li>
  );
}

type CartSessionsProps = {
  filter: CartSessionFilter;
  onStateChange: (state: CartSessionState | undefined) => void;
};

/**
 * back-office spec §10: the store's cart sessions for staff to work, as the dashboard's Cart
 * Sessions tile counts them: open carts, those left with items, and those that became orders.
 * A shopper who agreed to texts can be texted from Reach.
 */
export function CartSessions({ filter, onStateChange }: CartSessionsProps) {
  const { locale } = useAccountFormat();
  const { user } = useAuthenticatedSession();
  const carts = useCartSessions(filter);
  const mayText = can(user.roles, 'phone.write');
  const list = carts.data?.carts ?? [];
  const total = carts.data?.total ?? 0;

  return (
    <div className="mx-auto grid w-full max-w-3xl min-w-0 gap-4">
      <p className="text-sm text-muted-foreground">
        {shownDay(filter.from, locale)} to {shownDay(filter.to, locale)}
      </p>
      <SegmentedControl
        legend="Show"
        options={STATE_OPTIONS}
        value={filter.state ?? 'all'}
        onChange={(value) => onStateChange(value === 'all' ? undefined : value)}
        className="w-fit max-w-full overflow-x-auto"
      />
      {carts.isPending ? (
        <LoadingRows label="Loading cart sessions" variant="cards" />
      ) : carts.isError ? (
        <QueryError
          variant="panel"
          title="Cart sessions could not be loaded."
          description="Check your connection and try again."
          onRetry={() => void carts.refetch()}
        />
      ) : list.length === 0 ? (
        <StateMessage
          icon={<ShoppingCart className="size-6" />}
          title="No cart sessions in this range"
          description="A cart session starts when a shopper puts an item in the store's cart."
        />
      ) : (
        <section aria-busy={carts.isFetching} aria-label="Cart sessions" className="grid gap-3">
          <p className="text-sm" role="status">
            {count(locale).format(total)} {total === 1 ? 'cart session' : 'cart sessions'}
            {total > list.length ? `, the newest ${count(locale).format(list.length)} shown` : ''}
          </p>
          <ul className="grid gap-3">
            {list.map((cart) => (
              <CartCard key={cart.id} cart={cart} mayText={mayText} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
