import { useSearch } from '@tanstack/react-router';
import { DriverDayView } from '@/features/delivery/components/driver-day';
import { todayLocal } from '@/features/delivery/lib/format-day';

export function DriverDayPage() {
  const { date } = useSearch({ from: '/orders/driver/today' });
  return <DriverDayView date={date ?? todayLocal()} />;
}
