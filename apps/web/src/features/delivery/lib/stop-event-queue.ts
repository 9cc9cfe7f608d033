import type { QueuedStopEvent } from '../api/send-stop-event';

/**
 * The phone's outbox of stop events (decision 0043): an action taken without signal waits in
 * localStorage, in the order it was taken, and is sent when the phone is back online. Each
 * carries the id the phone made, so sending one twice (a reply lost on a bad signal) records it
 * once on the server.
 */
const KEY = 'tentpole.delivery.outbox';
const CHANGED = 'tentpole:delivery-outbox';

export function readOutbox(): QueuedStopEvent[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as QueuedStopEvent[]) : [];
  } catch {
    return [];
  }
}

function writeOutbox(list: QueuedStopEvent[]): void {
  localStorage.setItem(KEY, JSON.stringify(list));
  window.dispatchEvent(new Event(CHANGED));
}

export function addToOutbox(item: QueuedStopEvent): void {
  writeOutbox([...readOutbox().filter((q) => q.event.id !== item.event.id), item]);
}

export function removeFromOutbox(id: string): void {
  writeOutbox(readOutbox().filter((q) => q.event.id !== id));
}

/** Calls `listener` when the outbox changes in this tab or another. */
export function watchOutbox(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener();
  };
  window.addEventListener(CHANGED, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED, listener);
    window.removeEventListener('storage', onStorage);
  };
}
