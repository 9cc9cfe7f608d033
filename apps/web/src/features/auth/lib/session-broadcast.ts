/**
 * Tells the app's other tabs that the session changed (signed in, signed out, switched
 * account). Writing a localStorage key fires a `storage` event in every other tab of this
 * origin, never in the writer, so a tab does not react to its own change.
 */
const sessionBroadcastKey = 'tentpole.session';

export function broadcastSessionChange(): void {
  try {
    localStorage.setItem(sessionBroadcastKey, String(Date.now()));
  } catch {
    // Storage can be unavailable (private mode, quota); other tabs then catch up when shown.
  }
}

/** True for a storage event that may mean the session changed (our key, or storage cleared). */
export function isSessionBroadcast(event: StorageEvent): boolean {
  return event.key === sessionBroadcastKey || event.key === null;
}
