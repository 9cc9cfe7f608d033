import { describe, expect, it } from 'vitest';
import { type AccountEvent, EventHub } from './event-hub.js';

const received = (accountId: string, event: AccountEvent) => JSON.stringify({ accountId, event });
const event: AccountEvent = { type: 'conversation.updated', conversationId: 'c1' };

describe('EventHub', () => {
  it('hands an account event to every stream of that account only', () => {
    const hub = new EventHub();
    const a: AccountEvent[] = [];
    const b: AccountEvent[] = [];
    hub.subscribe('acct-a', (e) => a.push(e));
    hub.subscribe('acct-b', (e) => b.push(e));
    hub.receive(received('acct-a', event));
    expect(a).toEqual([event]);
    expect(b).toEqual([]);
  });

  it("keeps a newer stream subscribed when an old stream's unsubscribe runs twice", () => {
    // A stream unsubscribes on abort and again when its loop ends; by the second call the
    // account may have a new set of listeners, which must survive.
    const hub = new EventHub();
    const unsubscribeOld = hub.subscribe('acct', () => {});
    unsubscribeOld();
    const live: AccountEvent[] = [];
    hub.subscribe('acct', (e) => live.push(e));
    unsubscribeOld();
    hub.receive(received('acct', event));
    expect(live).toEqual([event]);
  });

  it('ignores payloads that are not account events', () => {
    const hub = new EventHub();
    const got: AccountEvent[] = [];
    hub.subscribe('acct', (e) => got.push(e));
    hub.receive('not json');
    hub.receive(JSON.stringify({ accountId: 'acct' }));
    expect(got).toEqual([]);
  });
});
