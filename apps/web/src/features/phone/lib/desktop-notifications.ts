import { useSyncExternalStore } from 'react';

// Issue 24 item 7: desktop notifications for texts and calls while the tab is hidden. The
// browser's permission is asked for only when the member turns them on (a click), never on
// page load; the choice to have them is this browser's, kept like the text sound's.

const KEY = 'tentpole.reach.desktopNotifications';
const listeners = new Set<() => void>();

export type NotificationState = 'unsupported' | 'blocked' | 'off' | 'on';

const supported = () => typeof window !== 'undefined' && 'Notification' in window;

function wanted(): boolean {
  try {
    return localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

function readState(): NotificationState {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return Notification.permission === 'granted' && wanted() ? 'on' : 'off';
}

function emit() {
  for (const listener of listeners) listener();
}

/** Turns them on (asking the browser's permission the first time) or off; the new state. */
export async function setDesktopNotifications(on: boolean): Promise<NotificationState> {
  if (!supported()) return 'unsupported';
  if (on && Notification.permission === 'default') await Notification.requestPermission();
  try {
    localStorage.setItem(KEY, on && Notification.permission === 'granted' ? 'on' : 'off');
  } catch {
    // No storage (private mode): nothing is kept, so they stay off.
  }
  emit();
  return readState();
}

/** Whether this browser shows Reach's desktop notifications, kept in step across tabs. */
export function useDesktopNotifications(): NotificationState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === KEY) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
    readState,
    () => 'unsupported',
  );
}

/**
 * Shows a notification when they are on and this tab is hidden (a visible tab shows the text
 * or the call itself). `tag` replaces an older notification about the same thing. Clicking it
 * brings the tab forward and runs `onClick`. Returns the notification, to close it early.
 */
export function notifyWhileHidden(
  title: string,
  { body, tag, onClick }: { body: string; tag: string; onClick?: () => void },
): Notification | null {
  if (readState() !== 'on' || document.visibilityState === 'visible') return null;
  try {
    const notification = new Notification(title, { body, tag });
    notification.onclick = () => {
      window.focus();
      onClick?.();
      notification.close();
    };
    return notification;
  } catch {
    // Some browsers show notifications only from a service worker: the tab title still counts.
    return null;
  }
}
