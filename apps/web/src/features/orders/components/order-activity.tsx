import {
  CANCEL_MONEY_LABELS,
  type CancelMoneyChoice,
  dateTimeFormat,
  orderStatusLabel,
} from '@tentpole/domain';
import { useId } from 'react';
import { QueryError } from '@/components/query-state/query-error';
import { useAccountFormat } from '@/lib/account-format';
import { useOrderActivity } from '../api/order-api';

const when = (locale: string) =>
  dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

type Detail = Record<string, unknown>;

/** One entry in words: what happened, with the reason and the money where there are. */
export function describeActivity(action: string, detail: Detail): string {
  const text = (key: string) => (typeof detail[key] === 'string' ? (detail[key] as string) : null);
  switch (action) {
    case 'created':
      return 'Order created';
    case 'status': {
      const parts = [
        text('from')
          ? `${orderStatusLabel(text('from') ?? '')} → ${orderStatusLabel(text('to') ?? '')}`
          : `${orderStatusLabel(text('to') ?? '')} (automatically)`,
      ];
      if (text('reason')) parts.push(`“${text('reason')}”`);
      const money = text('money') as CancelMoneyChoice | null;
      if (money && money in CANCEL_MONEY_LABELS) parts.push(CANCEL_MONEY_LABELS[money]);
      const returns = Array.isArray(detail.returns)
        ? (detail.returns as { damaged?: number; missing?: number }[])
        : [];
      const damaged = returns.reduce((s, r) => s + (r.damaged ?? 0), 0);
      const missing = returns.reduce((s, r) => s + (r.missing ?? 0), 0);
      if (damaged) parts.push(`${damaged} damaged`);
      if (missing) parts.push(`${missing} missing`);
      return parts.join(' · ');
    }
    case 'changed': {
      const fields = Array.isArray(detail.fields) ? (detail.fields as string[]) : [];
      const awaiting =
        detail.awaitingApproval === true ? ' · awaiting the customer’s approval' : '';
      return `${fields.length ? `Changed: ${fields.join(', ')}` : 'Changed'}${awaiting}`;
    }
    case 'changes_approved':
      return `The customer approved the changes${text('name') ? ` (signed “${text('name')}”)` : ''}`;
    case 'shortage_booked':
      return 'Booked short of stock (override)';
    case 'booking_rules_overridden': {
      const rules = Array.isArray(detail.rules) ? (detail.rules as string[]) : [];
      return `Booked outside the booking rules (override): ${rules.join('; ')}`;
    }
    case 'blackout_overridden': {
      const blackouts = Array.isArray(detail.blackouts)
        ? (detail.blackouts as { name?: string; days?: string[] }[])
        : [];
      const named = blackouts.map((b) => `${b.name ?? 'Blackout'} (${(b.days ?? []).join(', ')})`);
      return `Booked on a blackout day (override): ${named.join('; ')}`;
    }
    case 'delivery_cap_overridden':
      return `Booked on a full delivery day (override): ${text('day') ?? ''}, at most ${typeof detail.cap === 'number' ? detail.cap : '?'} a day`;
    case 'card':
      return text('text') ?? 'Card payment';
    case 'weather':
      return text('text') ?? 'Weather board';
    case 'customer_paid':
      return text('text') ?? 'The customer paid by card online';
    case 'contract_signed':
      return `The customer signed the contract${text('name') ? ` (“${text('name')}”)` : ''}`;
    case 'photos_added': {
      const count = typeof detail.count === 'number' ? detail.count : 0;
      return text('kind') === 'damage'
        ? `${count} photo${count === 1 ? '' : 's'} of damage added`
        : `The customer sent ${count} photo${count === 1 ? '' : 's'} of the site`;
    }
    case 'message_sent': {
      const by = text('channel') === 'text' ? 'Text' : 'E-mail';
      const what = text('automation') ?? text('template') ?? 'Message';
      return `${by} sent: ${what}${text('to') ? ` to ${text('to')}` : ''}${text('automation') ? ' (automation)' : ''}`;
    }
    case 'messages_muted':
      return 'Automated messages muted';
    case 'messages_unmuted':
      return 'Automated messages back on';
    default:
      return action.replaceAll('_', ' ');
  }
}

/** §4: the order's activity log, oldest first, with who did it. */
export function OrderActivity({ orderId }: { orderId: string }) {
  const { locale } = useAccountFormat();
  const activity = useOrderActivity(orderId);
  const heading = useId();
  return (
    <section
      aria-labelledby={heading}
      className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs"
    >
      <h2 id={heading} className="font-semibold">
        Activity
      </h2>
      {activity.isError ? (
        <QueryError
          title="The activity could not be loaded."
          onRetry={() => void activity.refetch()}
        />
      ) : (
        <ol className="grid gap-2 text-sm">
          {(activity.data ?? []).map((entry) => (
            <li key={entry.id} className="grid min-w-0">
              <span className="wrap-anywhere">{describeActivity(entry.action, entry.detail)}</span>
              <span className="text-xs text-muted-foreground">
                {when(locale).format(new Date(entry.createdAt))} ·{' '}
                {entry.userName ?? (entry.userId ? 'A former team member' : 'Customer or system')}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
