import { deliveryQueryKeys } from './delivery-query-keys';

/** The Delivery Manager's queries, under 'delivery' like the rest of the feature. */
export const deliveryDayQueryKeys = {
  vehicles: () => [...deliveryQueryKeys.all, 'vehicles'] as const,
  days: () => [...deliveryQueryKeys.all, 'day'] as const,
  day: (date: string) => [...deliveryDayQueryKeys.days(), date] as const,
  driverDay: (date: string) => [...deliveryQueryKeys.all, 'driver-day', date] as const,
  loadList: (date: string, vehicleId: string | null) =>
    [...deliveryQueryKeys.all, 'load-list', date, vehicleId ?? 'day'] as const,
};
