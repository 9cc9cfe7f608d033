import { BOUNCE_KINGDOM } from '@tentpole/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountIdByName } from '../src/features/accounts/queries.js';
import { insertCall, setCallStatus } from '../src/features/phone/calls.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('call events', () => {
  it('tells the account’s open tabs when a call is logged and when it changes', async () => {
    const owner = await server.signIn('owner@tentpole.test');
    const controller = new AbortController();
    const stream = await owner.request('/api/events', { signal: controller.signal });
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    void (async () => {
      for (;;) {
        const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (done) return;
        text += decoder.decode(value);
      }
    })();
    await vi.waitFor(() => expect(text).toContain('event: ready'), { timeout: 10_000 });

    const accountId = await accountIdByName(server.db, BOUNCE_KINGDOM);
    await insertCall(server.db, {
      accountId,
      callSid: 'CA00000000000000000000000000call1',
      direction: 'inbound',
      via: 'pstn',
      fromNumber: '+15550100123',
      toNumber: '+15550100999',
      counterpartNumber: '+15550100123',
      status: 'ringing',
      customerId: null,
      startedAt: new Date(),
    });
    await vi.waitFor(() => expect(text.match(/event: call\.updated/g)).toHaveLength(1), {
      timeout: 10_000,
    });
    await setCallStatus(server.db, 'CA00000000000000000000000000call1', 'completed', {
      durationSeconds: 42,
    });
    await vi.waitFor(() => expect(text.match(/event: call\.updated/g)).toHaveLength(2), {
      timeout: 10_000,
    });
    controller.abort();
  });
});
