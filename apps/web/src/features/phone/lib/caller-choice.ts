import { useCallback, useSyncExternalStore } from 'react';

/**
 * Issue 24 item 1: when several customers share a number, whose card the user chose, kept
 * for the call (or the conversation) by its key, so the Incoming Call dialog's choice is still
 * the active-call panel's after Accept. In memory: a new page load asks again.
 */
const choices = new Map<string, string>();
const listeners = new Set<() => void>();
/** A day of calls is far below this; the oldest choices go first. */
const KEPT = 50;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function chooseCaller(key: string, customerId: string) {
  choices.delete(key);
  choices.set(key, customerId);
  for (const oldest of choices.keys()) {
    if (choices.size <= KEPT) break;
    choices.delete(oldest);
  }
  for (const listener of listeners) listener();
}

/** The customer chosen for `key`, and a way to choose one. */
export function useCallerChoice(key: string): [string | null, (customerId: string) => void] {
  const chosen = useSyncExternalStore(subscribe, () => choices.get(key) ?? null);
  const choose = useCallback((customerId: string) => chooseCaller(key, customerId), [key]);
  return [chosen, choose];
}

/** Where the choice for a call is kept on the server, once its id is known (decision 0062). */
export function callChoicePath(call: { callSid: string | null }): string | null {
  return call.callSid ? `/api/phone/calls/${encodeURIComponent(call.callSid)}/customer` : null;
}
