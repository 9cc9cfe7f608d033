import { Link } from '@tanstack/react-router';
import { can, dateTimeFormat, formatPhone, type Order } from '@tentpole/domain';
import { Camera, MessageSquare, Phone, PhoneMissed } from 'lucide-react';
import { useId } from 'react';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { QueryError } from '@/components/query-state/query-error';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCustomerPhone } from '@/features/customers/api/get-customer-phone';
import { useRequestSitePhoto } from '@/features/phone/api/picture-messages';
import { useAccountFormat } from '@/lib/account-format';

const when = (locale: string) =>
  dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
const SHOWN = 6;

type Entry = {
  id: string;
  at: string;
  kind: 'call' | 'missed' | 'text';
  text: string;
};

/**
 * §4 order page: the customer's calls and texts since the order was made (Reach), newest
 * first, so whoever opens the order sees what was said about it; the whole history is on the
 * customer's Phone tab.
 */
export function OrderConversation({ order }: { order: Order }) {
  const { locale } = useAccountFormat();
  const { user } = useAuthenticatedSession();
  const mayRead = can(user.roles, 'customer.read');
  const phone = useCustomerPhone(mayRead ? order.customer.id : undefined);
  // Issue 24 item 5: text "send us a photo of the setup spot"; the reply lands in Reach.
  const mayText = can(user.roles, 'phone.write');
  const requestPhoto = useRequestSitePhoto();
  const heading = useId();
  if (!mayRead) return null;
  const since = Date.parse(order.createdAt);
  const entries: Entry[] = [
    ...(phone.data?.calls ?? []).map((c) => ({
      id: `call-${c.id}`,
      at: c.startedAt,
      kind: c.missed ? ('missed' as const) : ('call' as const),
      text: `${c.missed ? 'Missed call' : c.direction === 'inbound' ? 'Call from' : 'Call to'} ${formatPhone(c.counterpartNumber)}${
        c.durationSeconds ? ` · ${Math.max(1, Math.round(c.durationSeconds / 60))} min` : ''
      }${c.voicemail ? ' · voicemail' : ''}`,
    })),
    ...(phone.data?.messages ?? []).map((m) => ({
      id: `text-${m.id}`,
      at: m.createdAt,
      kind: 'text' as const,
      text: `${m.direction === 'inbound' ? 'Text in' : 'Text out'}: ${m.body}`,
    })),
  ]
    .filter((e) => Date.parse(e.at) >= since)
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return (
    <section
      aria-labelledby={heading}
      className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={heading} className="font-semibold">
          Calls and texts
        </h2>
        {mayText && !['completed', 'cancelled'].includes(order.status) && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={requestPhoto.isPending}
            onClick={() => requestPhoto.mutate(order.id)}
          >
            {requestPhoto.isPending ? <Spinner /> : <Camera aria-hidden="true" />}
            Ask for a site photo
          </Button>
        )}
      </div>
      {phone.isError ? (
        <QueryError
          title="The calls and texts could not be loaded."
          onRetry={() => void phone.refetch()}
        />
      ) : phone.isPending ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No calls or texts since this order was made.
        </p>
      ) : (
        <ol className="grid gap-2 text-sm">
          {entries.slice(0, SHOWN).map((e) => {
            const Icon =
              e.kind === 'text' ? MessageSquare : e.kind === 'missed' ? PhoneMissed : Phone;
            return (
              <li key={e.id} className="flex min-w-0 gap-2">
                <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                <span className="grid min-w-0">
                  <span className="line-clamp-3 wrap-anywhere">{e.text}</span>
                  <span className="text-xs text-muted-foreground">
                    {when(locale).format(new Date(e.at))}
                  </span>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <Link
        to="/customers/$customerId"
        params={{ customerId: order.customer.id }}
        search={{ tab: 'phone' }}
        className="text-sm underline"
      >
        All of {order.customer.name}’s calls and texts
      </Link>
    </section>
  );
}
