import { WeatherBoard } from '@/features/weather/components/weather-board';
import { PageHeaderActions } from '../shell/page-header-actions';

export function WeatherPage() {
  return (
    <>
      <PageHeaderActions
        secondaryActions={[{ label: 'Delivery Manager', href: '/orders/driver/calendar' }]}
      />
      <WeatherBoard />
    </>
  );
}
