import { describe, expect, it } from 'vitest';
import { ACCOUNT_EVENT_TYPES, type AccountEvent, accountEventSchema } from './account-event';

describe('accountEventSchema', () => {
  it.each<{ why: string; event: AccountEvent }>([
    {
      why: 'a text received',
      event: { type: 'message.received', conversationId: 'c1', messageId: 'm1' },
    },
    {
      why: "a text's carrier status",
      event: { type: 'message.status', conversationId: 'c1', messageId: 'm1', status: 'delivered' },
    },
    {
      why: 'a conversation changed',
      event: { type: 'conversation.updated', conversationId: 'c1' },
    },
    { why: 'a call changed', event: { type: 'call.updated', callId: 'call-1' } },
    { why: 'the phone settings changed', event: { type: 'settings.changed' } },
    { why: 'an order changed', event: { type: 'order.updated', orderId: 'o1' } },
  ])('reads $why as the server sends it', ({ event }) => {
    expect(accountEventSchema.parse(JSON.parse(JSON.stringify(event)))).toEqual(event);
  });

  it.each([
    { why: 'an unknown type', input: { type: 'invoice.updated', invoiceId: 'i1' } },
    { why: 'an order event without its order id', input: { type: 'order.updated' } },
    { why: "the stream's ready signal", input: {} },
    {
      why: 'a status event without its status',
      input: { type: 'message.status', conversationId: 'c1', messageId: 'm1' },
    },
    {
      why: 'a received text without its message id',
      input: { type: 'message.received', conversationId: 'c1' },
    },
    { why: 'a call event without its call id', input: { type: 'call.updated' } },
  ])('rejects $why', ({ input }) => {
    expect(accountEventSchema.safeParse(input).success).toBe(false);
  });

  it('drops fields the event does not describe', () => {
    expect(
      accountEventSchema.parse({ type: 'conversation.updated', conversationId: 'c1', extra: 1 }),
    ).toEqual({ type: 'conversation.updated', conversationId: 'c1' });
  });

  it('names every event type of the union once', () => {
    const types = accountEventSchema.options.map((option) => option.shape.type.value);
    expect([...ACCOUNT_EVENT_TYPES].sort()).toEqual([...types].sort());
  });
});
