import {
  can,
  dateTimeFormat,
  type Order,
  PAY_LINK_PURPOSE_LABELS,
  type PayLink,
  type PayLinkPurpose,
} from '@tentpole/domain';
import { Copy, CreditCard, Mail, MessageSquare } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { parseMoneyInput } from '@/components/form/parse-money-input';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useCustomer } from '@/features/customers/api/get-customer';
import { useCreateText } from '@/features/phone/api/create-text';
import { useAccountFormat } from '@/lib/account-format';
import { useCreatePayLink, useEmailPayLink, useOrderPayLinks } from '../api/order-api';

const STATUS_LABELS: Record<PayLink['status'], string> = {
  open: 'Waiting for payment',
  paid: 'Paid',
  expired: 'Expired',
};
const when = (locale: string) =>
  dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * §6 pay links: a card payment page for the booking deposit, the balance or another amount,
 * copied, texted (Reach) or e-mailed to the customer; each link's state as the processor reports it.
 */
export function OrderPayLinks({ order }: { order: Order }) {
  const { currency, locale, money } = useAccountFormat();
  const { user } = useAuthenticatedSession();
  const links = useOrderPayLinks(order.id);
  const create = useCreatePayLink(order.id);
  const [custom, setCustom] = useState('');
  const [error, setError] = useState<string | null>(null);
  const ids = { heading: useId(), amount: useId(), error: useId() };
  const mayWrite = can(user.roles, 'payment.write');
  if (!links.data?.cardPayments) return null;
  const t = order.totals;
  const depositOwed = Math.max(0, Math.min(t.balance, t.depositDue - (t.paid - t.refunded)));
  const canAsk = mayWrite && order.status !== 'cancelled' && t.balance > 0;
  const ask = (purpose: PayLinkPurpose, amount?: number) => {
    setError(null);
    create.mutate(amount === undefined ? { purpose } : { purpose, amount }, {
      onError: (e) => setError(e.message),
      onSuccess: () => setCustom(''),
    });
  };
  const shown = links.data.payLinks.slice(0, 5);
  return (
    <section className="grid gap-2 border-t pt-3" aria-labelledby={ids.heading}>
      <h3 id={ids.heading} className="flex items-center gap-2 text-sm font-semibold">
        <CreditCard aria-hidden="true" className="size-4" />
        Card payments
      </h3>
      {canAsk && (
        <div className="flex flex-wrap items-end gap-2">
          {depositOwed > 0 && (
            <Button size="sm" disabled={create.isPending} onClick={() => ask('deposit')}>
              Pay link: deposit {money(depositOwed)}
            </Button>
          )}
          <Button
            size="sm"
            variant={depositOwed > 0 ? 'outline' : 'default'}
            disabled={create.isPending}
            onClick={() => ask('balance')}
          >
            Pay link: balance {money(t.balance)}
          </Button>
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              const cents = parseMoneyInput(custom, currency, locale);
              if (cents === null || Number.isNaN(cents) || cents <= 0) {
                setError('Enter an amount above zero');
                return;
              }
              ask('custom', cents);
            }}
          >
            <div className="grid gap-1">
              <label htmlFor={ids.amount} className="text-xs font-medium">
                Another amount
              </label>
              <Input
                id={ids.amount}
                inputMode="decimal"
                className="h-8 w-28"
                value={custom}
                aria-invalid={error !== null}
                aria-describedby={error ? ids.error : undefined}
                onChange={(event) => setCustom(event.target.value)}
              />
            </div>
            <Button size="sm" variant="outline" type="submit" disabled={create.isPending}>
              Pay link
            </Button>
          </form>
        </div>
      )}
      {error && (
        <p id={ids.error} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {shown.length > 0 && (
        <ul className="grid gap-2 text-sm">
          {shown.map((link) => (
            <PayLinkRow key={link.id} link={link} order={order} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PayLinkRow({ link, order }: { link: PayLink; order: Order }) {
  const { locale, money } = useAccountFormat();
  const customer = useCustomer(link.url ? order.customer.id : undefined);
  const text = useCreateText();
  const email = useEmailPayLink(order.id);
  const phone = customer.data?.phoneNumber ?? null;
  return (
    <li className="grid gap-1 rounded-lg border p-2">
      <span className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span>
          {PAY_LINK_PURPOSE_LABELS[link.purpose]} · {money(link.amount)}
        </span>
        <span className="text-xs text-muted-foreground">
          {STATUS_LABELS[link.status]}
          {link.paidAt ? ` · ${when(locale).format(new Date(link.paidAt))}` : ''}
        </span>
      </span>
      {link.url && (
        <span className="flex flex-wrap items-center gap-2">
          <a
            href={link.url}
            className="min-w-0 underline wrap-anywhere"
            target="_blank"
            rel="noreferrer"
          >
            {link.url}
          </a>
          <Button
            variant="ghost"
            size="sm"
            onClick={() =>
              void navigator.clipboard
                ?.writeText(link.url ?? '')
                .then(() => toast.success('Pay link copied'))
            }
          >
            <Copy aria-hidden="true" />
            Copy
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={email.isPending || email.isSuccess}
            onClick={() =>
              email.mutate(link.id, {
                onSuccess: ({ to }) => toast.success(`Pay link e-mailed to ${to}`),
                onError: (e) => toast.error(e.message),
              })
            }
          >
            <Mail aria-hidden="true" />
            {email.isSuccess ? 'E-mailed' : 'E-mail it'}
          </Button>
          {phone && (
            <Button
              variant="ghost"
              size="sm"
              disabled={text.isPending || text.isSuccess}
              onClick={() =>
                text.mutate(
                  {
                    phoneNumber: phone,
                    body: `Order #${order.number}: you can pay ${money(link.amount)} by card here: ${link.url}`,
                  },
                  { onSuccess: () => toast.success('Pay link texted') },
                )
              }
            >
              <MessageSquare aria-hidden="true" />
              {text.isSuccess ? 'Texted' : 'Text it'}
            </Button>
          )}
        </span>
      )}
    </li>
  );
}
