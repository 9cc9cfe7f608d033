import { useQuery } from '@tanstack/react-query';
import { type CallerCardOrder, localDate } from '@tentpole/domain';

/**
 * Issue 24 item 1, "text the ETA": the caller's stop today with the ETA the Delivery Manager's
 * board shows, for a delivered order whose event starts or ends today. Asks the day's routes
 * only then, and only for members who may read them (`enabled`); the day's schema and the
 * projection load with the answer, not with the phone page.
 */
export function useCallerEta(order: CallerCardOrder | null, timeZone: string, enabled: boolean) {
  const today = localDate(new Date(), timeZone);
  const touchesToday =
    order !== null &&
    order.fulfilment === 'delivery' &&
    [order.eventStart, order.eventEnd, order.deliveryWindow?.start].some(
      (iso) => iso !== undefined && localDate(new Date(iso), timeZone) === today,
    );
  const eta = useQuery({
    queryKey: ['phone', 'caller-eta', today, order?.id ?? null],
    enabled: enabled && touchesToday && order !== null,
    staleTime: 30_000,
    refetchInterval: 60_000,
    queryFn: async () => {
      const [{ getDeliveryDay }, { callerEtaOf }] = await Promise.all([
        import('@/features/delivery/api/get-delivery-day'),
        import('../lib/caller-eta-of'),
      ]);
      return callerEtaOf(await getDeliveryDay(today), order?.id ?? '', new Date());
    },
  });
  return touchesToday ? (eta.data ?? null) : null;
}
