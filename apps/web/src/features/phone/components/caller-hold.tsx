import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  type CallerHoldResponse,
  type CallerOfferItem,
  type CallerOfferResponse,
  can,
} from '@tentpole/domain';
import { CalendarClock, Copy, TriangleAlert } from 'lucide-react';
import { type FormEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { StateMessage } from '@/components/query-state/state-message';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  CallerHoldUnavailable,
  type CallerOfferWindow,
  useCallerOffer,
  useCreateCallerHold,
} from '@/features/orders/api/caller-hold-api';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useAccountFormat } from '@/lib/account-format';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useCallerCard, useCustomersOnNumber } from '../api/get-caller-card';
import { useCallerChoice } from '../lib/caller-choice';
import { callerHoldWindow } from '../lib/caller-hold-window';
import { cardTime } from '../lib/caller-texts';

/** Typing pauses this long before the list of what is free is read again. */
const TYPING_PAUSE_MS = 300;
const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

type CallerHoldProps = {
  /** The caller card's key for the call: the customer chosen there is the one held for. */
  choiceKey: string;
  number: string;
  /** The customer the call names (or whose number it is), when it names one. */
  customerId: string | null;
};

/**
 * Issue 24 item 2, "Hold for caller", in the active-call panel: the day, times and ZIP code the
 * caller asks about; what is free then with its price and the delivery fee; a 30-minute hold of
 * the chosen items, texted to the caller as a link to their order page. Only for a caller who
 * is a customer (the one the caller card shows), and only to a member who may write orders.
 */
export function CallerHold({ choiceKey, number, customerId }: CallerHoldProps) {
  const { user } = useAuthenticatedSession();
  const customer = useHeldCustomer(choiceKey, number, customerId);
  const [open, setOpen] = useState(false);
  const formId = useId();
  if (!customer || !can(user.roles, 'order.write')) return null;
  return (
    <div className="grid min-w-0 gap-2">
      <div>
        <Button
          size="sm"
          variant={open ? 'secondary' : 'outline'}
          aria-expanded={open}
          aria-controls={formId}
          onClick={() => setOpen(!open)}
        >
          <CalendarClock aria-hidden="true" />
          Hold for caller
        </Button>
      </div>
      {open && (
        // Keyed by customer: a different caller chosen on the card starts a fresh form.
        <HoldForm key={customer} id={formId} customerId={customer} />
      )}
    </div>
  );
}

/** The customer the caller card shows for this call: the one chosen, named or alone on it. */
function useHeldCustomer(choiceKey: string, number: string, customerId: string | null) {
  const [chosen] = useCallerChoice(choiceKey);
  const sharing = useCustomersOnNumber(chosen || customerId ? null : number);
  const alone = sharing.data?.length === 1 ? (sharing.data[0]?.id ?? null) : null;
  return chosen ?? customerId ?? alone;
}

type Refusal = { message: string; fields: Record<string, string[]> };

function HoldForm({ id, customerId }: { id: string; customerId: string }) {
  const format = useAccountFormat();
  const card = useCallerCard(customerId);
  const timeZone = card.data?.timeZone ?? (card.isError ? BROWSER_ZONE : null);
  const currency = card.data?.currency ?? 'USD';
  const [date, setDate] = useState('');
  const [from, setFrom] = useState('10:00');
  const [until, setUntil] = useState('18:00');
  const [postalCode, setPostalCode] = useState('');
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [held, setHeld] = useState<CallerHoldResponse | null>(null);
  const dateRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLElement>(null);
  const hold = useCreateCallerHold();
  const queryClient = useQueryClient();

  useEffect(() => dateRef.current?.focus(), []);
  useEffect(() => {
    if (held) confirmationRef.current?.focus();
  }, [held]);

  const typed = timeZone ? callerHoldWindow(date, from, until, timeZone) : null;
  const windowTyped: CallerOfferWindow | null =
    typed && typed !== 'endsBeforeStart' ? { ...typed, postalCode: postalCode.trim() } : null;
  const settled = useDebouncedValue(windowTyped, TYPING_PAUSE_MS);
  const settledKey = JSON.stringify(settled);
  const typing = JSON.stringify(windowTyped) !== settledKey;
  const offer = useCallerOffer(settled);
  const items = offer.data?.items ?? [];
  const chosen = items
    .map((item) => ({ item, quantity: Math.min(quantities[item.productId] ?? 0, item.available) }))
    .filter((line) => line.quantity > 0);
  const ready =
    settled !== null && !typing && offer.isSuccess && !offer.isPlaceholderData && !hold.isPending;

  const money = (cents: number) => format.money(cents, currency);
  const ids = { date: useId(), from: useId(), until: useId(), zip: useId(), zipError: useId() };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || !settled || chosen.length === 0) return;
    setRefusal(null);
    try {
      const response = await hold.mutateAsync({
        customerId,
        start: settled.start,
        end: settled.end,
        postalCode: settled.postalCode,
        lines: chosen.map(({ item, quantity }) => ({ productId: item.productId, quantity })),
      });
      setHeld(response);
      // The caller card lists the new hold under the customer's open quotes and holds.
      void queryClient.invalidateQueries({ queryKey: ['phone', 'caller-card', customerId] });
    } catch (error) {
      setRefusal(refusalOf(error, items));
    }
  };

  if (held) {
    return (
      <div id={id}>
        <HeldConfirmation
          ref={confirmationRef}
          held={held}
          timeZone={timeZone ?? BROWSER_ZONE}
          onAgain={() => {
            setHeld(null);
            setQuantities({});
          }}
        />
      </div>
    );
  }

  const zipError = refusal?.fields.postalCode?.[0];
  return (
    <form
      id={id}
      aria-label="Hold for caller"
      onSubmit={(event) => void submit(event)}
      className="grid max-w-2xl min-w-0 gap-3 rounded-lg border bg-muted/30 p-3 text-sm"
    >
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-[minmax(0,10rem)_minmax(0,7.5rem)_minmax(0,7.5rem)_minmax(0,7rem)]">
        <div className="col-span-2 grid gap-1 sm:col-span-1">
          <Label htmlFor={ids.date}>Date</Label>
          <Input
            ref={dateRef}
            id={ids.date}
            type="date"
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={ids.from}>From</Label>
          <Input
            id={ids.from}
            type="time"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={ids.until}>Until</Label>
          <Input
            id={ids.until}
            type="time"
            value={until}
            aria-invalid={typed === 'endsBeforeStart' || undefined}
            onChange={(event) => setUntil(event.target.value)}
          />
        </div>
        <div className="col-span-2 grid gap-1 sm:col-span-1">
          <Label htmlFor={ids.zip}>ZIP code</Label>
          <Input
            id={ids.zip}
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            value={postalCode}
            aria-invalid={zipError ? true : undefined}
            aria-describedby={zipError ? ids.zipError : undefined}
            onChange={(event) => setPostalCode(event.target.value)}
          />
        </div>
        {zipError && (
          <p id={ids.zipError} className="col-span-full text-destructive">
            {zipError}
          </p>
        )}
      </div>

      {typed === 'endsBeforeStart' ? (
        <p role="alert" className="text-destructive">
          The party must end after it starts.
        </p>
      ) : (
        <OfferList
          offer={offer}
          waiting={settled === null}
          items={items}
          quantities={quantities}
          onQuantity={(productId, quantity) =>
            setQuantities((current) => ({ ...current, [productId]: quantity }))
          }
          money={money}
        />
      )}

      {offer.data && settled && (
        <OfferNotes offer={offer.data} zip={settled.postalCode} money={money} />
      )}

      {refusal && (
        <p role="alert" className="text-destructive">
          {refusal.message}
        </p>
      )}

      <div>
        <Button type="submit" size="sm" disabled={!ready || chosen.length === 0}>
          {hold.isPending ? 'Holding…' : 'Hold for caller'}
        </Button>
      </div>
    </form>
  );
}

function OfferList({
  offer,
  waiting,
  items,
  quantities,
  onQuantity,
  money,
}: {
  offer: ReturnType<typeof useCallerOffer>;
  waiting: boolean;
  items: CallerOfferItem[];
  quantities: Record<string, number>;
  onQuantity: (productId: string, quantity: number) => void;
  money: (cents: number) => string;
}) {
  if (waiting)
    return (
      <p className="text-muted-foreground">
        Type the date the caller asks about to see what is free.
      </p>
    );
  if (offer.isPending) return <LoadingRows label="Loading what is free" rows={3} variant="plain" />;
  if (offer.isError)
    return (
      <QueryError
        title="What is free could not be loaded."
        description={offer.error instanceof ApiError ? offer.error.message : undefined}
        onRetry={() => void offer.refetch()}
        className="py-4"
      />
    );
  if (items.length === 0)
    return <StateMessage variant="inline" title="Nothing is free for that day." className="py-4" />;
  return (
    // A long catalogue scrolls inside the panel, so the page under the call stays in reach.
    <div
      className={cn(
        'max-h-80 min-w-0 overflow-y-auto overscroll-contain rounded-md border bg-background',
        offer.isPlaceholderData && 'opacity-60',
      )}
    >
      <table className="w-full table-fixed border-collapse text-left">
        <caption className="sr-only">Free for the party, with the price for the day</caption>
        <thead className="sticky top-0 z-10 bg-background text-xs text-muted-foreground">
          <tr className="border-b">
            <th scope="col" className="py-1.5 pr-2 pl-2 font-medium">
              Item
            </th>
            <th scope="col" className="w-[4.5rem] py-1.5 pr-2 text-right font-medium sm:w-20">
              Free
            </th>
            <th scope="col" className="w-[4.75rem] py-1.5 pr-2 text-right font-medium sm:w-24">
              Price
            </th>
            <th scope="col" className="w-16 py-1.5 pr-2 text-right font-medium sm:w-20">
              Hold
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.productId} className="border-b last:border-b-0">
              <th scope="row" className="py-1.5 pr-2 pl-2 align-middle font-normal wrap-anywhere">
                {item.name}
              </th>
              <td className="py-1.5 pr-2 text-right align-middle tabular-nums">
                {item.available} free
              </td>
              <td className="py-1.5 pr-2 text-right align-middle tabular-nums">
                {money(item.price)}
              </td>
              <td className="py-1.5 pr-2 text-right align-middle">
                <Input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={item.available}
                  step={1}
                  aria-label={`How many ${item.name} to hold`}
                  className="ml-auto h-9 w-full max-w-20 px-2 text-right tabular-nums"
                  value={String(Math.min(quantities[item.productId] ?? 0, item.available))}
                  onChange={(event) =>
                    onQuantity(item.productId, quantityOf(event.target.value, item.available))
                  }
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A typed quantity, a whole number from 0 to what is free. */
function quantityOf(text: string, available: number): number {
  const value = Number.parseInt(text, 10);
  if (Number.isNaN(value) || value < 0) return 0;
  return Math.min(value, available);
}

function OfferNotes({
  offer,
  zip,
  money,
}: {
  offer: CallerOfferResponse;
  zip: string;
  money: (cents: number) => string;
}) {
  const { delivery, blackouts } = offer;
  return (
    <div className="grid gap-1">
      {delivery ? (
        <p className={cn(!delivery.ok && 'text-amber-800 dark:text-amber-300')}>
          {delivery.ok
            ? `Delivery to ${zip}: ${money(delivery.amount)}`
            : `Delivery to ${zip}: ${delivery.message}`}
        </p>
      ) : (
        <p className="text-muted-foreground">Type the ZIP code for the delivery fee.</p>
      )}
      {blackouts.length > 0 && (
        <p className="flex items-start gap-2 font-medium text-amber-800 dark:text-amber-300">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>Falls on a blackout: {blackouts.join(', ')}</span>
        </p>
      )}
    </div>
  );
}

/** What the server refused, in the panel's words. */
function refusalOf(error: unknown, items: CallerOfferItem[]): Refusal {
  if (error instanceof CallerHoldUnavailable) {
    const names = error.shortages.flatMap(
      (s) => items.find((i) => i.productId === s.productId)?.name ?? [],
    );
    if (names.length === 0) return { message: `${error.message} Choose again.`, fields: {} };
    const list =
      names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
    return {
      message: `${list} ${names.length === 1 ? 'is' : 'are'} no longer free. Choose again.`,
      fields: {},
    };
  }
  if (error instanceof ApiError) {
    const fields = error.body?.error.fields ?? {};
    const first = Object.entries(fields).find(([field]) => field !== 'postalCode')?.[1]?.[0];
    return { message: first ?? error.message, fields };
  }
  return { message: 'The hold could not be made. Try again.', fields: {} };
}

function HeldConfirmation({
  ref,
  held,
  timeZone,
  onAgain,
}: {
  ref: Ref<HTMLElement>;
  held: CallerHoldResponse;
  timeZone: string;
  onAgain: () => void;
}) {
  const { locale } = useAccountFormat();
  const until = cardTime(held.holdExpiresAt, timeZone, locale);
  const [copied, setCopied] = useState(false);
  const linkId = useId();
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-label="Hold for caller"
      className="grid max-w-2xl min-w-0 gap-2 rounded-lg border border-emerald-600/40 bg-emerald-500/10 p-3 text-sm wrap-anywhere outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40"
    >
      <p className="font-medium" data-testid="caller-hold-confirmation">
        {held.texted
          ? `Held until ${until}. The link is on its way by text.`
          : `Held until ${until}. Not texted: ${held.notTexted ?? 'no number to text.'}`}
      </p>
      {!held.texted && held.link && (
        <div className="grid gap-1">
          <Label htmlFor={linkId}>Link for the caller</Label>
          <div className="flex min-w-0 gap-2">
            <Input
              id={linkId}
              readOnly
              value={held.link}
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button
              type="button"
              size="sm"
              variant="outline"
              className="h-10 sm:h-9"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(held.link ?? '')
                  .then(() => setCopied(true))
                  .catch(() => setCopied(false))
              }
            >
              <Copy aria-hidden="true" />
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          </div>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <Link
          to="/orders/$orderId"
          params={{ orderId: held.orderId }}
          className="font-medium underline"
        >
          Open hold #{held.orderNumber}
        </Link>
        <Button type="button" size="sm" variant="ghost" onClick={onAgain}>
          Hold something else
        </Button>
      </div>
    </section>
  );
}
