import { getRouteApi } from '@tanstack/react-router';
import { OrdersCalendar } from '@/features/orders/components/orders-calendar';
import { dayKey } from '@/features/orders/lib/calendar-dates';
import { useIsMobile } from '@/hooks/use-is-mobile';

const calendarRoute = getRouteApi('/orders/calendar');

export function OrdersCalendarPage() {
  const search = calendarRoute.useSearch();
  const navigate = calendarRoute.useNavigate();
  // On a phone the list reads better than a month grid; either can be chosen.
  const mobile = useIsMobile();
  return (
    <OrdersCalendar
      view={search.view ?? (mobile ? 'list' : 'month')}
      date={search.date ?? dayKey(new Date())}
      onChange={(next) =>
        void navigate({ search: (previous) => ({ ...previous, ...next }), replace: true })
      }
    />
  );
}
