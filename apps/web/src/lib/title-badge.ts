import { useSyncExternalStore } from 'react';

// A count shown before the page's name in the document title, "(3) Reach · Tentpole". The
// shell owns the title; a feature (Reach's unread texts) owns the count.
let count = 0;
const listeners = new Set<() => void>();

export function setTitleBadge(next: number): void {
  if (next === count) return;
  count = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTitleBadge(): number {
  return useSyncExternalStore(
    subscribe,
    () => count,
    () => 0,
  );
}

/** The document title with the badge: "(3) Reach · Tentpole". */
export function withTitleBadge(title: string, badge: number): string {
  return badge > 0 ? `(${badge}) ${title}` : title;
}
