import { Link } from '@tanstack/react-router';
import {
  can,
  dateTimeFormat,
  type Order,
  orderStatusLabel,
  PAYMENT_STATUS_LABELS,
} from '@tentpole/domain';
import { Copy, FileText, Link2 } from 'lucide-react';
import { useId } from 'react';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { Button } from '@/components/ui/button';
import { useAccountFormat } from '@/lib/account-format';
import { useCreateDocument, useCustomerLink, useOrder, useOrderDocuments } from '../api/order-api';
import { useOrderLiveUpdates } from '../api/use-order-live-updates';
import { OrderActions } from './order-actions';
import { OrderActivity } from './order-activity';
import { OrderChangesBanner } from './order-changes-banner';
import { OrderConversation } from './order-conversation';
import { OrderPayments } from './order-payments';
import { OrderPhotos } from './order-photos';
import { OrderStatusBadge } from './order-status-badge';
import { TotalsList } from './totals-list';

const when = (locale: string) =>
  dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs">
      <h2 id={id} className="font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Totals({ order }: { order: Order }) {
  return (
    <Section title="Totals">
      <TotalsList totals={order.totals} withPayments />
      <p className="text-sm">
        Payment: <strong>{PAYMENT_STATUS_LABELS[order.paymentStatus]}</strong>
      </p>
      {order.taxExempt && <p className="text-sm text-muted-foreground">Tax exempt</p>}
    </Section>
  );
}

function Documents({ order }: { order: Order }) {
  const { user } = useAuthenticatedSession();
  const documents = useOrderDocuments(order.id);
  const create = useCreateDocument(order.id);
  const link = useCustomerLink(order.id);
  const mayWrite = can(user.roles, 'order.write');
  return (
    <Section title="Documents and the customer's link">
      {documents.data && documents.data.length > 0 ? (
        <ul className="grid gap-1 text-sm">
          {documents.data.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center gap-2">
              <FileText aria-hidden="true" className="size-4 text-muted-foreground" />
              {d.pdfUrl ? (
                <a href={d.pdfUrl} className="underline wrap-anywhere">
                  {d.title}
                </a>
              ) : (
                <span className="wrap-anywhere">{d.title}</span>
              )}
              <span className="text-muted-foreground">· {d.status}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No documents yet.</p>
      )}
      {mayWrite && (
        <div className="flex flex-wrap gap-2">
          {(['quote', 'contract', 'invoice'] as const).map((kind) => (
            <Button
              key={kind}
              variant="outline"
              size="sm"
              disabled={create.isPending}
              onClick={() => create.mutate(kind)}
            >
              New {kind === 'contract' ? 'agreement' : kind}
            </Button>
          ))}
          <Button
            variant="outline"
            size="sm"
            disabled={link.isPending}
            onClick={() => link.mutate()}
          >
            <Link2 aria-hidden="true" />
            Customer link
          </Button>
        </div>
      )}
      {link.data && (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <a
            href={link.data.url}
            className="underline wrap-anywhere"
            target="_blank"
            rel="noreferrer"
          >
            {link.data.url}
          </a>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void navigator.clipboard?.writeText(link.data.url)}
          >
            <Copy aria-hidden="true" />
            Copy
          </Button>
        </p>
      )}
    </Section>
  );
}

/** back-office spec §4: everything about one order, with the moves it can make next. */
export function OrderDetail({
  orderId,
  messages,
}: {
  orderId: string;
  /** The order's messages card, composed in by the page (it belongs to the e-mails feature). */
  messages?: (order: Order) => React.ReactNode;
}) {
  const { locale, money } = useAccountFormat();
  const order = useOrder(orderId);
  useOrderLiveUpdates();
  if (order.isPending) return <LoadingRows label="Loading the order" rows={6} variant="cards" />;
  if (order.isError)
    return (
      <QueryError
        variant="panel"
        title="This order could not be loaded."
        onRetry={() => void order.refetch()}
      />
    );
  const o = order.data;
  const lines = o.lines.filter((l) => l.kind !== 'component');
  return (
    <div className="mx-auto grid max-w-7xl min-w-0 gap-5">
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight tabular-nums">Order #{o.number}</h1>
          <OrderStatusBadge status={o.status} />
        </div>
        <p className="text-sm text-muted-foreground">
          <Link
            to="/customers/$customerId"
            params={{ customerId: o.customer.id }}
            className="font-medium text-foreground underline wrap-anywhere"
          >
            {o.customer.name}
          </Link>{' '}
          · {when(locale).format(new Date(o.eventStart))} to{' '}
          {when(locale).format(new Date(o.eventEnd))} ·{' '}
          {o.fulfilment === 'delivery' ? 'Delivery' : 'Customer pickup'}
        </p>
        {o.holdExpiresAt && (
          <p className="text-sm">Held until {when(locale).format(new Date(o.holdExpiresAt))}</p>
        )}
        <OrderChangesBanner order={o} />
        <OrderActions order={o} />
      </div>
      <div className="grid min-w-0 gap-5 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="grid min-w-0 gap-5">
          <Section title="Items">
            <ul className="divide-y text-sm">
              {lines.map((line) => (
                <li
                  key={line.id}
                  className="flex flex-wrap items-baseline justify-between gap-x-4 py-2"
                >
                  <span className="min-w-0 wrap-anywhere">
                    {line.description}{' '}
                    <span className="text-muted-foreground">× {line.quantity}</span>
                    {line.explanation && (
                      <span className="block text-xs text-muted-foreground">
                        {line.explanation}
                      </span>
                    )}
                  </span>
                  <span className="tabular-nums">{money(line.amount)}</span>
                </li>
              ))}
              {o.lines
                .filter((l) => l.kind === 'component')
                .map((line) => (
                  <li key={line.id} className="py-1.5 pl-4 text-xs text-muted-foreground">
                    Included: {line.quantity} × {line.description}
                  </li>
                ))}
            </ul>
          </Section>
          {(o.address || o.notes.customer || o.notes.internal) && (
            <Section title="Where and notes">
              {o.address && (
                <p className="text-sm wrap-anywhere">
                  {[o.address.line1, o.address.line2].filter(Boolean).join(', ')}, {o.address.city},{' '}
                  {o.address.region} {o.address.postalCode}
                </p>
              )}
              {o.notes.customer && (
                <p className="text-sm wrap-anywhere">For the customer: {o.notes.customer}</p>
              )}
              {o.notes.internal && (
                <p className="text-sm wrap-anywhere">Internal: {o.notes.internal}</p>
              )}
            </Section>
          )}
          <OrderPayments order={o} />
          <OrderPhotos orderId={o.id} />
          <Documents order={o} />
          {messages?.(o)}
          <OrderConversation order={o} />
          <OrderActivity orderId={o.id} />
        </div>
        <div className="lg:sticky lg:top-20">
          <Totals order={o} />
        </div>
      </div>
      <p className="sr-only">Status: {orderStatusLabel(o.status)}</p>
    </div>
  );
}
