import {
  ACCOUNT_EVENT_TYPES,
  ACCOUNT_STREAM_READY_EVENT,
  type AccountEvent,
  accountEventSchema,
} from '@tentpole/domain';

export type StreamState = 'connecting' | 'live' | 'reconnecting';

type StreamHandlers = {
  onEvent: (event: AccountEvent) => void;
  /** The stream is (again) connected: events sent while it was not are lost, so catch up. */
  onReady: () => void;
  onStateChange: (state: StreamState) => void;
};

/** Waits between reconnects after the browser gave up on the stream (it retries network blips itself). */
const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * One EventSource on /api/events for this tab (same origin, so the session cookie goes with
 * it). The browser reconnects by itself after a dropped connection; when it gives up (an
 * error answer such as a 502 closes it for good) this opens a new one with backoff.
 */
export function connectAccountEvents(
  { onEvent, onReady, onStateChange }: StreamHandlers,
  url = '/api/events',
): () => void {
  let source: EventSource | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let stopped = false;

  function handle(message: MessageEvent<string>) {
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    const parsed = accountEventSchema.safeParse(data);
    if (parsed.success) onEvent(parsed.data);
  }

  function open() {
    const current = new EventSource(url, { withCredentials: true });
    source = current;
    current.addEventListener(ACCOUNT_STREAM_READY_EVENT, () => {
      failures = 0;
      onStateChange('live');
      onReady();
    });
    for (const type of ACCOUNT_EVENT_TYPES) current.addEventListener(type, handle);
    current.addEventListener('error', () => {
      if (stopped) return;
      onStateChange('reconnecting');
      if (current.readyState !== EventSource.CLOSED) return;
      const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)];
      failures += 1;
      retryTimer = setTimeout(() => {
        retryTimer = null;
        if (!stopped) open();
      }, delay);
    });
  }

  // Without EventSource (an old browser, a test's DOM) the lists still refresh on their own.
  if (typeof EventSource === 'undefined') return () => {};
  onStateChange('connecting');
  open();
  return () => {
    stopped = true;
    if (retryTimer !== null) clearTimeout(retryTimer);
    source?.close();
  };
}
