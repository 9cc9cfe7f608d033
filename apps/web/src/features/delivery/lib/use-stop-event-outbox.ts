import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { deliveryDayQueryKeys } from '../api/delivery-day-query-keys';
import { type QueuedStopEvent, sendStopEvent } from '../api/send-stop-event';
import { addToOutbox, readOutbox, removeFromOutbox, watchOutbox } from './stop-event-queue';

let snapshot: { raw: string | null; list: QueuedStopEvent[] } = { raw: null, list: [] };
function outboxSnapshot(): QueuedStopEvent[] {
  const raw = localStorage.getItem('tentpole.delivery.outbox');
  if (raw !== snapshot.raw) snapshot = { raw, list: readOutbox() };
  return snapshot.list;
}

/**
 * Records stop events through the outbox: each action is queued first, then sent; without
 * signal it waits and goes when the browser says it is online again (and on the next visit).
 * A refused action (400, 404: the stop left the route) is dropped and said so.
 */
export function useStopEventOutbox(date: string) {
  const queryClient = useQueryClient();
  const pending = useSyncExternalStore(watchOutbox, outboxSnapshot, () => []);
  const sending = useRef(false);

  const flush = useCallback(async () => {
    if (sending.current || !navigator.onLine) return;
    sending.current = true;
    let sent = 0;
    try {
      for (const item of readOutbox()) {
        try {
          await sendStopEvent(item);
          removeFromOutbox(item.event.id);
          sent += 1;
        } catch (error) {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
            removeFromOutbox(item.event.id);
            toast.error(`Not recorded: ${error.message}`);
            continue;
          }
          // No signal, or the server is down: keep it, and the ones after it, for later.
          break;
        }
      }
    } finally {
      sending.current = false;
      if (sent > 0)
        await queryClient.invalidateQueries({ queryKey: deliveryDayQueryKeys.driverDay(date) });
    }
  }, [date, queryClient]);

  useEffect(() => {
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush]);

  const record = useCallback(
    (item: QueuedStopEvent) => {
      addToOutbox(item);
      void flush();
    },
    [flush],
  );

  return { pending, record, flush };
}
