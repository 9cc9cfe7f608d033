import { type AccountEvent, accountEventSchema } from '@tentpole/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../jobs/job-queue.js';

export const EVENTS_CHANNEL = 'tentpole_events';

/** What the SSE stream carries: the domain's account events, one schema for both sides. */
export type { AccountEvent };

/**
 * Publishes an account event through Postgres NOTIFY. Called inside the transaction that made
 * the change, it is delivered only if that commits, to every server instance listening.
 */
export async function publish(db: Executor, accountId: string, event: AccountEvent): Promise<void> {
  await db.execute(
    sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ accountId, event })})`,
  );
}

type Listener = (event: AccountEvent) => void;

/** This instance's side of the fan-out: one LISTEN, handed to the open streams by account. */
export class EventHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly streams = new Set<() => void>();
  private closing = false;

  /** Registers an open stream's way to end; returns how to unregister it. */
  track(end: () => void): () => void {
    if (this.closing) end();
    this.streams.add(end);
    return () => this.streams.delete(end);
  }

  /** Ends every open stream (shutdown): browsers reconnect to another instance. */
  closeAll(): void {
    this.closing = true;
    for (const end of this.streams) end();
    this.streams.clear();
  }

  /** Feed it every payload received on EVENTS_CHANNEL. */
  receive(payload: string): void {
    let parsed: { accountId?: unknown; event?: unknown };
    try {
      parsed = JSON.parse(payload) as typeof parsed;
    } catch {
      return;
    }
    const event = accountEventSchema.safeParse(parsed.event);
    if (typeof parsed.accountId !== 'string' || !event.success) return;
    for (const listener of this.listeners.get(parsed.accountId) ?? []) listener(event.data);
  }

  /** Returns how to unsubscribe; calling that more than once is harmless. */
  subscribe(accountId: string, listener: Listener): () => void {
    const set = this.listeners.get(accountId) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(accountId, set);
    return () => {
      set.delete(listener);
      // Only drop the account's entry if it is still this set: a stale second call must not
      // delete the set that newer streams of the account have subscribed to since.
      if (set.size === 0 && this.listeners.get(accountId) === set) this.listeners.delete(accountId);
    };
  }
}
