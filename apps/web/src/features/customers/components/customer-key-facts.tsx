import type { Customer, CustomerOrder } from '@tentpole/domain';
import { numberFormat } from '@tentpole/domain';
import { CalendarDays, CircleDollarSign, Star, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { useAccountFormat } from '@/lib/account-format';
import { customerFacts } from '../lib/customer-facts';
import { formatCalendarDate, localIsoDate } from '../lib/format-dates';

const count = (locale: string) => numberFormat(locale);

type CustomerKeyFactsProps = {
  customer: Customer;
  /** Undefined while the orders load. */
  orders: readonly CustomerOrder[] | undefined;
};

/** What staff check first about a customer: worth, what is coming up, what is owed, points. */
export function CustomerKeyFacts({ customer, orders }: CustomerKeyFactsProps) {
  const { locale, money } = useAccountFormat();
  const facts = orders ? customerFacts(orders, localIsoDate()) : undefined;
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Fact
        icon={<CircleDollarSign aria-hidden="true" />}
        label="Lifetime value"
        value={facts && money(facts.lifetimeValueCents)}
        note={
          facts &&
          (facts.bookingCount === 0
            ? 'No bookings yet'
            : `${count(locale).format(facts.bookingCount)} ${facts.bookingCount === 1 ? 'booking' : 'bookings'}`)
        }
      />
      <Fact
        icon={<CalendarDays aria-hidden="true" />}
        label="Next event"
        value={
          facts &&
          (facts.nextEvent ? formatCalendarDate(facts.nextEvent.eventDate, locale) : 'None')
        }
        note={
          facts &&
          (facts.nextEvent
            ? `Order #${facts.nextEvent.number}`
            : facts.openQuoteCount > 0
              ? `${facts.openQuoteCount} open ${facts.openQuoteCount === 1 ? 'quote' : 'quotes'}`
              : 'Nothing booked ahead')
        }
      />
      <Fact
        icon={<Wallet aria-hidden="true" />}
        label="Balance due"
        value={facts && money(facts.balanceDueCents)}
        note={facts && (facts.balanceDueCents > 0 ? 'On current bookings' : 'All paid up')}
        tone={facts && facts.balanceDueCents > 0 ? 'warning' : undefined}
      />
      <Fact
        icon={<Star aria-hidden="true" />}
        label="Points"
        value={count(locale).format(customer.points)}
        note="Loyalty balance"
      />
    </dl>
  );
}

type FactProps = {
  icon: ReactNode;
  label: string;
  value: string | undefined;
  note: string | undefined;
  tone?: 'warning';
};

function Fact({ icon, label, value, note, tone }: FactProps) {
  return (
    <div className="grid gap-1 rounded-xl border bg-card p-4 shadow-xs">
      <dt className="flex items-center gap-2 text-xs font-medium text-muted-foreground [&_svg]:size-4">
        {icon}
        {label}
      </dt>
      <dd
        className={
          tone === 'warning'
            ? 'text-lg font-semibold tabular-nums text-amber-700 dark:text-amber-400'
            : 'text-lg font-semibold tabular-nums'
        }
      >
        {value ?? <Skeleton className="h-6 w-24" />}
      </dd>
      <dd className="text-xs text-muted-foreground">{note ?? <Skeleton className="h-3 w-20" />}</dd>
    </div>
  );
}
