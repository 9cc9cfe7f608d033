import { useQueryClient } from '@tanstack/react-query';
import { useAccountEvent, useAccountStream } from '@/app/providers/account-events-provider';
import { orderQueryKeys } from './get-orders';

/**
 * Issue 17 item 10: an order changed anywhere (another person, the customer signing on their
 * page, a job) refreshes the order screens that are open; what changed while the stream was
 * down is read again when it is back.
 */
export function useOrderLiveUpdates() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: orderQueryKeys.all });
  useAccountStream({ onReady: refresh });
  useAccountEvent('order.updated', refresh);
}
