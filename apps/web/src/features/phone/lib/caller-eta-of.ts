import { clockLabel, type DeliveryDay, orderStopEta } from '@tentpole/domain';

/** The caller's stop today as the card shows it (loaded with the day, not with the page). */
export function callerEtaOf(day: DeliveryDay, orderId: string, now: Date) {
  const eta = orderStopEta(day, orderId, now);
  return eta ? { kind: eta.kind, state: eta.state, eta: clockLabel(eta.minutes) } : null;
}
