import type { AccountEvent, AccountEventType } from '@tentpole/domain';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useEffectEvent,
  useState,
  useSyncExternalStore,
} from 'react';
import {
  type AccountEventStream,
  createAccountEventStream,
  type StreamState,
} from './account-event-stream';

export type { StreamState } from './account-event-stream';

const AccountEventsContext = createContext<AccountEventStream | null>(null);

type AccountEventsProviderProps = {
  /** The session's account: the server streams the account a stream was opened for. */
  accountId: string;
  children: ReactNode;
  url?: string;
};

/**
 * The tab's live account events (GET /api/events): one stream, whatever the number of
 * features listening. It opens with the first subscriber and closes with the last; an account
 * switch opens a new one for the new account.
 */
export function AccountEventsProvider({
  accountId,
  children,
  url = '/api/events',
}: AccountEventsProviderProps) {
  const [current, setCurrent] = useState(() => ({
    accountId,
    stream: createAccountEventStream(url),
  }));
  if (current.accountId !== accountId) {
    // Subscribers' effects depend on the stream: they leave the old one (closing it) and join
    // this one.
    setCurrent({ accountId, stream: createAccountEventStream(url) });
  }
  return <AccountEventsContext value={current.stream}>{children}</AccountEventsContext>;
}

function useStream(): AccountEventStream {
  const stream = useContext(AccountEventsContext);
  if (stream === null) throw new Error('Account events are used outside AccountEventsProvider');
  return stream;
}

type EventOfType<T extends AccountEventType> = Extract<AccountEvent, { type: T }>;

/**
 * Calls `handler` with each account event of `type` (or of any of the types), parsed with the
 * domain's schema. `enabled: false` stops listening (the stream closes when no one listens).
 */
export function useAccountEvent<T extends AccountEventType>(
  type: T | readonly T[],
  handler: (event: EventOfType<T>) => void,
  { enabled = true }: { enabled?: boolean } = {},
): void {
  const stream = useStream();
  const onEvent = useEffectEvent(handler);
  const types = typeof type === 'string' ? type : [...type].sort().join(' ');
  useEffect(() => {
    if (!enabled) return;
    const wanted = new Set(types.split(' '));
    return stream.subscribe({
      onEvent: (event) => {
        if (wanted.has(event.type)) onEvent(event as EventOfType<T>);
      },
    });
  }, [stream, types, enabled]);
}

/**
 * Listens to the stream and returns its state; `onReady` runs each time it is (again)
 * connected, when whatever changed while it was not should be read again.
 */
export function useAccountStream({
  enabled = true,
  onReady,
  onLost,
}: {
  enabled?: boolean;
  onReady?: () => void;
  /** The connection dropped or was refused (the session may have ended). */
  onLost?: () => void;
} = {}): StreamState {
  const stream = useStream();
  const ready = useEffectEvent(() => onReady?.());
  const lost = useEffectEvent(() => onLost?.());
  useEffect(() => {
    if (!enabled) return;
    return stream.subscribe({ onReady: () => ready(), onLost: () => lost() });
  }, [stream, enabled]);
  return useSyncExternalStore(stream.subscribeToState, stream.getState);
}
