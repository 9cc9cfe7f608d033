import { useNavigate, useSearch } from '@tanstack/react-router';
import { DeliveryManager } from '@/features/delivery/components/delivery-manager';
import { todayLocal } from '@/features/delivery/lib/format-day';
import { PageHeaderActions } from '../shell/page-header-actions';

export function DeliveryManagerPage() {
  const { date } = useSearch({ from: '/orders/driver/calendar' });
  const navigate = useNavigate({ from: '/orders/driver/calendar' });
  return (
    <>
      <PageHeaderActions
        actionButton={{ label: 'Delivery settings', href: '/orders/driver/settings' }}
        secondaryActions={[{ label: 'Weather board', href: '/orders/driver/weather' }]}
      />
      <DeliveryManager
        date={date ?? todayLocal()}
        onDateChange={(next) => void navigate({ search: { date: next } })}
      />
    </>
  );
}
