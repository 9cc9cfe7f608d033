import {
  dateTimeFormat,
  describeOrderChange,
  type LocaleFormat,
  type Order,
} from '@tentpole/domain';
import { useAccountFormat } from '@/lib/account-format';

const when = (locale: string) =>
  dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

/** One difference in words, as the customer sees it on their page. */
const describeChange = (c: Order['changesSinceSigned'][number], { locale, money }: LocaleFormat) =>
  describeOrderChange(c, { money, day: (iso) => when(locale).format(new Date(iso)) });

/**
 * §4: an order changed after the customer signed waits for their approval of the difference
 * (on their order page); staff see what they are asked to approve.
 */
export function OrderChangesBanner({ order }: { order: Order }) {
  const format = useAccountFormat();
  // Once the order is done the question is moot.
  if (order.changesSinceSigned.length === 0 || ['completed', 'cancelled'].includes(order.status))
    return null;
  return (
    <div
      role="status"
      className="grid gap-1 rounded-lg border border-amber-500/50 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/30 dark:text-amber-100"
    >
      <p className="font-medium">
        Changed since the customer signed: waiting for their approval on their order page.
      </p>
      <ul className="list-disc pl-5">
        {order.changesSinceSigned.map((c) => (
          <li
            key={`${c.kind}-${'description' in c ? c.description : ''}`}
            className="wrap-anywhere"
          >
            {describeChange(c, format)}
          </li>
        ))}
      </ul>
    </div>
  );
}
