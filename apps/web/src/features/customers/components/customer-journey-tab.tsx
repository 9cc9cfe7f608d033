import type { JourneyItem } from '@tentpole/domain';
import {
  CalendarCheck,
  CreditCard,
  FileText,
  Mail,
  MessageSquare,
  Phone,
  Route,
  ShoppingCart,
  Star,
  StickyNote,
  UserPlus,
} from 'lucide-react';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { StateMessage } from '@/components/query-state/state-message';
import { useAccountFormat } from '@/lib/account-format';
import { useCustomerJourney } from '../api/get-customer-journey';
import { formatDateTime } from '../lib/format-dates';

const icons: Record<string, typeof Route> = {
  created: UserPlus,
  cart_session: ShoppingCart,
  quote: FileText,
  order: CalendarCheck,
  payment: CreditCard,
  document: FileText,
  note: StickyNote,
  email: Mail,
  review: Star,
  call: Phone,
  message: MessageSquare,
};

function JourneyIcon({ item }: { item: JourneyItem }) {
  const Icon = icons[item.kind] ?? Route;
  return (
    <span className="relative z-10 grid size-8 shrink-0 place-items-center rounded-full border bg-background text-muted-foreground">
      <Icon aria-hidden="true" className="size-4" />
    </span>
  );
}

/** Everything that happened with the customer, newest first. */
export function CustomerJourneyTab({ customerId }: { customerId: string }) {
  const { locale } = useAccountFormat();
  const journey = useCustomerJourney(customerId);
  if (journey.isError)
    return (
      <QueryError
        variant="panel"
        title="The journey could not be loaded."
        onRetry={() => void journey.refetch()}
      />
    );
  if (journey.isPending) return <LoadingRows label="Loading journey" variant="plain" />;
  if (journey.data.length === 0) {
    return <StateMessage icon={<Route aria-hidden="true" />} title="Nothing has happened yet" />;
  }
  return (
    <ol className="relative grid gap-5 before:absolute before:top-2 before:bottom-2 before:left-4 before:w-px before:bg-border">
      {journey.data.map((item) => (
        <li key={`${item.kind}-${item.id}`} className="flex gap-3">
          <JourneyIcon item={item} />
          <div className="grid min-w-0 gap-0.5 pt-1">
            <p className="text-sm font-medium wrap-anywhere">{item.title}</p>
            {item.detail && (
              <p className="text-sm wrap-anywhere text-muted-foreground">{item.detail}</p>
            )}
            <p className="text-xs text-muted-foreground">
              <time dateTime={item.occurredAt}>{formatDateTime(item.occurredAt, locale)}</time>
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
