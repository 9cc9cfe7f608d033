import type { LocaleFormat, TimelineEvent } from '@tentpole/domain';
import { CreditCard, FileCheck2, FileSignature } from 'lucide-react';
import { AppLink } from '@/components/app-link';
import { useAccountFormat } from '@/lib/account-format';
import { formatTimeOfDay, formatWhen } from '../lib/format-when';

const ICONS = { paid: CreditCard, signed: FileSignature, approved: FileCheck2 } as const;

/** What the customer did, in words: 'Paid $150.00 on order #1042'. */
export function timelineEventText(
  event: Pick<TimelineEvent, 'kind' | 'amount' | 'name'>,
  currency: string,
  { money }: LocaleFormat,
): { before: string; after: string } {
  const as = event.name ? ` as “${event.name}”` : '';
  switch (event.kind) {
    case 'paid':
      return {
        before: event.amount === null ? 'Paid on ' : `Paid ${money(event.amount, currency)} on `,
        after: '',
      };
    case 'signed':
      return { before: 'Signed the contract for ', after: as };
    default:
      return { before: 'Approved the changes to ', after: as };
  }
}

/**
 * Issue 24 item 3: a line in the conversation where the customer paid, signed or approved on a
 * link, between the texts by time, with the order it was for.
 */
export function TimelineEntry({
  event,
  currency,
  mayOpenOrder,
}: {
  event: TimelineEvent;
  currency: string;
  mayOpenOrder: boolean;
}) {
  const Icon = ICONS[event.kind];
  const format = useAccountFormat();
  const { before, after } = timelineEventText(event, currency, format);
  const order = `order #${event.orderNumber}`;
  return (
    <li className="flex justify-center" data-testid="timeline-entry">
      <p className="inline-flex max-w-full min-w-0 items-start gap-1.5 rounded-2xl border border-emerald-600/30 bg-emerald-50 px-3 py-1.5 text-xs text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-200">
        <Icon aria-hidden="true" className="mt-px size-3.5 shrink-0" />
        <span className="min-w-0 wrap-anywhere">
          {before}
          {mayOpenOrder ? (
            <AppLink url={`/orders/${event.orderId}`} className="font-medium underline">
              {order}
            </AppLink>
          ) : (
            order
          )}
          {after} ·{' '}
          <time dateTime={event.at} title={formatWhen(event.at)}>
            {formatTimeOfDay(event.at)}
          </time>
        </span>
      </p>
    </li>
  );
}
