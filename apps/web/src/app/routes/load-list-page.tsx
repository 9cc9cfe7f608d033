import { useSearch } from '@tanstack/react-router';
import { LoadListPageView } from '@/features/delivery/components/load-list-page-view';
import { todayLocal } from '@/features/delivery/lib/format-day';

export function LoadListPage() {
  const { date, vehicleId } = useSearch({ from: '/orders/driver/load-list' });
  return <LoadListPageView date={date ?? todayLocal()} vehicleId={vehicleId ?? null} />;
}
