import { Link } from '@tanstack/react-router';
import { formatPhone } from '@tentpole/domain';
import { CalendarDays, Phone, PhoneIncoming, PhoneOff } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { nextOrder, useCallerCustomer, useCallerOrders } from '../api/get-caller';
import { callChoicePath, useCallerChoice } from '../lib/caller-choice';
import { callerLine } from '../lib/caller-line';
import { notifyWhileHidden } from '../lib/desktop-notifications';
import type { PhoneCall } from '../lib/phone-snapshot';
import { LazyCallerCard } from './caller-card-lazy';
import { useVoicePhone } from './voice-phone-provider';

const orderDate = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

function todayIso(): string {
  const now = new Date();
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/** Goes beyond spec §2: the caller's next order, so whoever answers knows why they call. */
function CallerNextOrder({ customerId }: { customerId: string }) {
  const orders = useCallerOrders(customerId);
  const next = orders.data ? nextOrder(orders.data, todayIso()) : null;
  if (!next) return null;
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground">
      <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
      <span>
        <Link
          to="/orders/$orderId"
          params={{ orderId: next.id }}
          className="font-medium text-foreground underline"
        >
          Next order #{next.number}
        </Link>{' '}
        on {orderDate.format(new Date(`${next.eventDate.slice(0, 10)}T00:00:00Z`))} ·{' '}
        <span className="capitalize">{next.status}</span>
      </span>
    </p>
  );
}

function IncomingCallBody({ call }: { call: PhoneCall }) {
  // The customer chosen among those sharing the number wins over the one the call names.
  const [chosen] = useCallerChoice(`call:${call.id}`);
  const partyId = chosen ?? call.customerId;
  const customer = useCallerCustomer(partyId);
  const known = partyId !== null && customer.data ? customer.data : null;
  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-3">
        <span className="relative grid size-12 shrink-0 place-items-center rounded-full bg-emerald-500/15 text-emerald-700">
          <span
            aria-hidden="true"
            className="absolute inset-0 animate-ping rounded-full bg-emerald-500/20 motion-reduce:hidden"
          />
          <Phone aria-hidden="true" className="size-5" />
        </span>
        <p className="text-lg font-semibold break-words" data-testid="incoming-caller">
          {known ? (
            <>
              {`${known.firstName} ${known.lastName}`}{' '}
              <span className="font-normal text-muted-foreground">{formatPhone(call.number)}</span>
            </>
          ) : (
            callerLine(call.number, null)
          )}
        </p>
      </div>
      {/* Issue 24 item 1: the caller card, under the spec's lines; the plain next-order line
          when the card cannot be read. */}
      <LazyCallerCard
        choiceKey={`call:${call.id}`}
        number={call.number}
        customerId={call.customerId}
        rememberAt={callChoicePath(call)}
        origin="call"
        fallback={known && <CallerNextOrder customerId={known.id} />}
      />
    </div>
  );
}

/**
 * Issue 24 item 7: while the tab is hidden, a ringing call shows a desktop notification too
 * (closed when the call stops ringing); clicking it brings this tab, and its dialog, forward.
 */
function useIncomingCallNotification(incoming: PhoneCall | null) {
  const id = incoming?.id;
  const number = incoming?.number;
  useEffect(() => {
    if (id === undefined) return;
    const notification = notifyWhileHidden('Incoming Call', {
      body: `From ${formatPhone(number ?? '') || number || 'an unknown number'}`,
      tag: `call-${id}`,
    });
    return () => notification?.close();
  }, [id, number]);
}

/**
 * spec §2 Incoming Call dialog: 'Incoming Call', 'From' and the caller; Accept and Reject.
 * Closing it (Escape, the close button, outside) ignores the call: the other phones keep
 * ringing (spec §4).
 */
export function IncomingCallDialog() {
  const { phone, snapshot } = useVoicePhone();
  const incoming = snapshot.incoming;
  useIncomingCallNotification(incoming);
  return (
    <Dialog
      open={incoming !== null && !incoming.dismissed}
      onOpenChange={(open) => {
        if (!open) phone?.ignore();
      }}
    >
      {incoming && !incoming.dismissed && (
        <DialogContent key={incoming.id}>
          <DialogHeader>
            <DialogTitle>Incoming Call</DialogTitle>
            <DialogDescription>From</DialogDescription>
          </DialogHeader>
          <IncomingCallBody call={incoming} />
          <DialogFooter>
            <Button variant="destructive" onClick={() => phone?.reject()}>
              <PhoneOff aria-hidden="true" />
              Reject
            </Button>
            <Button
              className="bg-emerald-600 text-white hover:bg-emerald-600/90"
              onClick={() => phone?.accept()}
              autoFocus
            >
              <Phone aria-hidden="true" />
              Accept
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}

/**
 * Issue 15: an ignored call that still rings is one click away: a small indicator in the
 * header with the caller, which brings the Incoming Call dialog back.
 */
export function RingingIndicator() {
  const { phone, snapshot } = useVoicePhone();
  const incoming = snapshot.incoming;
  const customer = useCallerCustomer(incoming?.dismissed ? incoming.customerId : null);
  if (!incoming?.dismissed) return null;
  const who = customer.data
    ? `${customer.data.firstName} ${customer.data.lastName}`
    : formatPhone(incoming.number) || incoming.number;
  return (
    <Button
      size="sm"
      variant="outline"
      className="max-w-[12rem] border-emerald-600/40 text-emerald-800 dark:text-emerald-300"
      onClick={() => phone?.reopen()}
      aria-label={`Incoming call from ${who}: show it`}
    >
      <PhoneIncoming aria-hidden="true" className="animate-pulse motion-reduce:animate-none" />
      <span className="truncate">{who}</span>
    </Button>
  );
}
