import type { AccountEvent } from '@tentpole/domain';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECONNECT_DELAYS_MS } from './account-event-stream';
import {
  AccountEventsProvider,
  useAccountEvent,
  useAccountStream,
} from './account-events-provider';

/** A browser EventSource the test drives: it opens, sends and fails when told to. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readyState = FakeEventSource.CONNECTING;

  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    super();
    FakeEventSource.instances.push(this);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  send(type: string, data: string) {
    act(() => {
      this.dispatchEvent(new MessageEvent(type, { data }));
    });
  }

  ready() {
    this.readyState = FakeEventSource.OPEN;
    this.send('ready', '{}');
  }

  /** A dropped connection the browser retries (CONNECTING), or one it gave up on (CLOSED). */
  fail(gaveUp: boolean) {
    this.readyState = gaveUp ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    act(() => {
      this.dispatchEvent(new Event('error'));
    });
  }
}

const open = () => FakeEventSource.instances.filter((source) => source.readyState !== 2);
const latest = () => {
  const source = FakeEventSource.instances.at(-1);
  if (!source) throw new Error('No EventSource was opened');
  return source;
};

const received: AccountEvent = {
  type: 'message.received',
  conversationId: 'conv-1',
  messageId: 'msg-1',
};

function TextListener({ onEvent }: { onEvent: (event: AccountEvent) => void }) {
  useAccountEvent('message.received', onEvent);
  return null;
}

function CallListener({ onEvent }: { onEvent: (event: AccountEvent) => void }) {
  useAccountEvent(['call.updated', 'settings.changed'], onEvent);
  return null;
}

function StreamStatus({ onReady, enabled }: { onReady?: () => void; enabled?: boolean }) {
  const state = useAccountStream({ onReady, enabled });
  return <p>stream: {state}</p>;
}

function LostWatcher({ onLost }: { onLost: () => void }) {
  useAccountStream({ onLost });
  return null;
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('AccountEventsProvider (one live-event stream per tab)', () => {
  it('opens one EventSource on /api/events for every subscriber in the tab', () => {
    render(
      <AccountEventsProvider accountId="acct-1">
        <TextListener onEvent={vi.fn()} />
        <TextListener onEvent={vi.fn()} />
        <CallListener onEvent={vi.fn()} />
        <StreamStatus />
      </AccountEventsProvider>,
    );

    expect(FakeEventSource.instances).toHaveLength(1);
    expect(latest().url).toBe('/api/events');
    expect(latest().init).toEqual({ withCredentials: true });
  });

  it('opens no stream until something listens, and closes it when the last listener leaves', () => {
    const view = render(
      <AccountEventsProvider accountId="acct-1">
        <StreamStatus enabled={false} />
      </AccountEventsProvider>,
    );
    expect(FakeEventSource.instances).toHaveLength(0);
    expect(screen.getByText('stream: off')).toBeInTheDocument();

    view.rerender(
      <AccountEventsProvider accountId="acct-1">
        <StreamStatus />
        <TextListener onEvent={vi.fn()} />
      </AccountEventsProvider>,
    );
    expect(open()).toHaveLength(1);
    expect(screen.getByText('stream: connecting')).toBeInTheDocument();

    view.rerender(<AccountEventsProvider accountId="acct-1">{null}</AccountEventsProvider>);
    expect(open()).toHaveLength(0);
  });

  it('hands each subscriber the parsed events of its types only', () => {
    const onText = vi.fn();
    const onCall = vi.fn();
    render(
      <AccountEventsProvider accountId="acct-1">
        <TextListener onEvent={onText} />
        <CallListener onEvent={onCall} />
      </AccountEventsProvider>,
    );

    latest().send('message.received', JSON.stringify(received));
    latest().send('settings.changed', JSON.stringify({ type: 'settings.changed' }));

    expect(onText.mock.calls).toEqual([[received]]);
    expect(onCall.mock.calls).toEqual([[{ type: 'settings.changed' }]]);
  });

  it('drops an event that is not JSON or does not match the schema', () => {
    const onText = vi.fn();
    render(
      <AccountEventsProvider accountId="acct-1">
        <TextListener onEvent={onText} />
      </AccountEventsProvider>,
    );

    latest().send('message.received', 'not json');
    latest().send('message.received', JSON.stringify({ type: 'message.received' }));
    latest().send('message.received', JSON.stringify({ ...received, type: 'order.created' }));
    latest().send('message.received', JSON.stringify(received));

    expect(onText.mock.calls).toEqual([[received]]);
  });

  it('is live on the ready event, and catches up each time it is live again after a drop', () => {
    const onReady = vi.fn();
    render(
      <AccountEventsProvider accountId="acct-1">
        <StreamStatus onReady={onReady} />
      </AccountEventsProvider>,
    );

    latest().ready();
    expect(screen.getByText('stream: live')).toBeInTheDocument();
    expect(onReady).toHaveBeenCalledTimes(1);

    // The browser retries a dropped connection itself: no second EventSource.
    latest().fail(false);
    expect(screen.getByText('stream: reconnecting')).toBeInTheDocument();
    latest().ready();
    expect(screen.getByText('stream: live')).toBeInTheDocument();
    expect(onReady).toHaveBeenCalledTimes(2);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('opens a new EventSource, after a wait, when the browser gives up on one', () => {
    vi.useFakeTimers();
    const onReady = vi.fn();
    render(
      <AccountEventsProvider accountId="acct-1">
        <StreamStatus onReady={onReady} />
      </AccountEventsProvider>,
    );
    latest().ready();

    latest().fail(true);
    expect(screen.getByText('stream: reconnecting')).toBeInTheDocument();
    const [firstDelay = 1_000] = RECONNECT_DELAYS_MS;
    act(() => vi.advanceTimersByTime(firstDelay - 1));
    expect(FakeEventSource.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(open()).toHaveLength(1);

    latest().ready();
    expect(onReady).toHaveBeenCalledTimes(2);
    expect(screen.getByText('stream: live')).toBeInTheDocument();
  });

  it('tells a subscriber that joins a live stream to catch up', () => {
    const onReady = vi.fn();
    const view = render(
      <AccountEventsProvider accountId="acct-1">
        <TextListener onEvent={vi.fn()} />
      </AccountEventsProvider>,
    );
    latest().ready();

    view.rerender(
      <AccountEventsProvider accountId="acct-1">
        <TextListener onEvent={vi.fn()} />
        <StreamStatus onReady={onReady} />
      </AccountEventsProvider>,
    );
    expect(onReady).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it("opens the new account's stream, and closes the old one, on an account switch", () => {
    const onText = vi.fn();
    const view = render(
      <AccountEventsProvider accountId="acct-1">
        <TextListener onEvent={onText} />
      </AccountEventsProvider>,
    );
    const first = latest();

    view.rerender(
      <AccountEventsProvider accountId="acct-2">
        <TextListener onEvent={onText} />
      </AccountEventsProvider>,
    );
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    latest().send('message.received', JSON.stringify(received));
    expect(onText).toHaveBeenCalledTimes(1);
  });

  it('tells the subscribers that asked when the connection drops or is refused (the session may have ended)', () => {
    const onLost = vi.fn();
    render(
      <AccountEventsProvider accountId="acct-1">
        <LostWatcher onLost={onLost} />
      </AccountEventsProvider>,
    );
    latest().ready();
    expect(onLost).not.toHaveBeenCalled();
    // The server ended the stream: the browser retries, and the retry is refused (a 401).
    latest().fail(false);
    expect(onLost).toHaveBeenCalledTimes(1);
    latest().fail(true);
    expect(onLost).toHaveBeenCalledTimes(2);
  });
});
