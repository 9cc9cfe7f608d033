import {
  ACCOUNT_EVENT_TYPES,
  ACCOUNT_STREAM_READY_EVENT,
  type AccountEvent,
  accountEventSchema,
} from '@tentpole/domain';

/** 'off' while nothing listens (or the browser has no EventSource). */
export type StreamState = 'off' | 'connecting' | 'live' | 'reconnecting';

export type StreamSubscriber = {
  onEvent?: (event: AccountEvent) => void;
  /**
   * The stream is (again) connected, or was already when this subscriber joined: events sent
   * while it was not listening are lost, so catch up.
   */
  onReady?: () => void;
  /**
   * The connection dropped or was refused. The server ends the streams of a session that ended
   * (signed out, removed, suspended), so this is when to ask whether the session still holds.
   */
  onLost?: () => void;
};

export type AccountEventStream = {
  /** Listens to the stream; the first subscriber opens it, the last one to leave closes it. */
  subscribe: (subscriber: StreamSubscriber) => () => void;
  getState: () => StreamState;
  /** For useSyncExternalStore: called whenever getState() changes. */
  subscribeToState: (listener: () => void) => () => void;
};

/** Waits between reconnects after the browser gave up on the stream (it retries network blips itself). */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * The tab's one EventSource on /api/events (same origin, so the session cookie goes with it),
 * shared by every subscriber. Each event is parsed with the domain's schema; one that does not
 * parse is dropped. The browser reconnects by itself after a dropped connection; when it gives
 * up (an error answer such as a 502 closes it for good) a new one is opened with backoff.
 */
export function createAccountEventStream(url = '/api/events'): AccountEventStream {
  const subscribers = new Set<StreamSubscriber>();
  const stateListeners = new Set<() => void>();
  let state: StreamState = 'off';
  let source: EventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;

  function setState(next: StreamState) {
    if (next === state) return;
    state = next;
    for (const listener of [...stateListeners]) listener();
  }

  function handle(message: MessageEvent<string>) {
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    const parsed = accountEventSchema.safeParse(data);
    if (!parsed.success) return;
    for (const subscriber of [...subscribers]) subscriber.onEvent?.(parsed.data);
  }

  function open() {
    const current = new EventSource(url, { withCredentials: true });
    source = current;
    current.addEventListener(ACCOUNT_STREAM_READY_EVENT, () => {
      failures = 0;
      setState('live');
      for (const subscriber of [...subscribers]) subscriber.onReady?.();
    });
    for (const type of ACCOUNT_EVENT_TYPES) current.addEventListener(type, handle);
    current.addEventListener('error', () => {
      if (source !== current) return;
      setState('reconnecting');
      for (const subscriber of [...subscribers]) subscriber.onLost?.();
      if (current.readyState !== EventSource.CLOSED) return;
      const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)];
      failures += 1;
      retryTimer = setTimeout(() => {
        retryTimer = null;
        if (source === current) open();
      }, delay);
    });
  }

  function close() {
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = null;
    const current = source;
    source = null;
    current?.close();
    failures = 0;
    setState('off');
  }

  return {
    subscribe(subscriber) {
      // A copy: the same handlers may subscribe twice (two components), each counts once.
      const entry = { ...subscriber };
      subscribers.add(entry);
      // Without EventSource (an old browser, a test's DOM) the lists still refresh on their own.
      if (subscribers.size === 1 && typeof EventSource !== 'undefined') {
        setState('connecting');
        open();
      } else if (state === 'live') {
        // Live already (for another subscriber): what changed before this one listened is news.
        entry.onReady?.();
      }
      return () => {
        if (!subscribers.delete(entry)) return;
        if (subscribers.size === 0) close();
      };
    },
    getState: () => state,
    subscribeToState(listener) {
      stateListeners.add(listener);
      return () => {
        stateListeners.delete(listener);
      };
    },
  };
}
