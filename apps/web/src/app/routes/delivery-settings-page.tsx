import { DeliverySettingsManager } from '@/features/delivery/components/delivery-settings-manager';
import { PageHeaderActions } from '../shell/page-header-actions';

export function DeliverySettingsPage() {
  return (
    <>
      <PageHeaderActions
        secondaryActions={[{ label: 'Delivery Manager', href: '/orders/driver/calendar' }]}
      />
      <DeliverySettingsManager />
    </>
  );
}
