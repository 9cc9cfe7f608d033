import { describe, expect, it } from 'vitest';
import { customerPhoneResponseSchema } from './customer-phone-response-schema';

describe('customerPhoneResponseSchema', () => {
  it.each([
    { why: 'accepts no calls and no messages', input: { calls: [], messages: [] }, ok: true },
    {
      why: 'accepts a message with the conversation it belongs to',
      input: {
        calls: [],
        messages: [
          {
            id: 'm1',
            conversationId: 'v1',
            direction: 'inbound',
            body: 'Is the castle free on Saturday?',
            status: 'received',
            errorCode: null,
            errorMessage: null,
            sentBy: null,
            createdAt: '2026-11-20T15:00:00.000Z',
          },
        ],
      },
      ok: true,
    },
    {
      why: 'rejects a message that is not a message',
      input: { calls: [], messages: [{ id: 'm1' }, 'x'] },
      ok: false,
    },
    {
      why: 'rejects a call that is not a call log entry',
      input: { calls: [{ id: 'c1' }], messages: [] },
      ok: false,
    },
    { why: 'rejects a response without messages', input: { calls: [] }, ok: false },
  ])('$why', ({ input, ok }) => {
    expect(customerPhoneResponseSchema.safeParse(input).success).toBe(ok);
  });
});
