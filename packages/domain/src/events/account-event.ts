import { z } from 'zod';

// What GET /api/events carries (ARCHITECTURE Realtime): one SSE event per account event, named
// by its `type`, its data the event as JSON. The stream also sends a `ready` event (data `{}`)
// once it is connected; that is the stream's own signal, not an account event.

const messageReceivedEventSchema = z.object({
  type: z.literal('message.received'),
  conversationId: z.string(),
  messageId: z.string(),
});
const messageStatusEventSchema = z.object({
  type: z.literal('message.status'),
  conversationId: z.string(),
  messageId: z.string(),
  /** The carrier's status, as Twilio names it (see MESSAGE_STATUS_RANK). */
  status: z.string(),
});
const conversationUpdatedEventSchema = z.object({
  type: z.literal('conversation.updated'),
  conversationId: z.string(),
});
const callUpdatedEventSchema = z.object({
  type: z.literal('call.updated'),
  callId: z.string(),
});
const settingsChangedEventSchema = z.object({ type: z.literal('settings.changed') });
/** Issue 17 item 10: an order (its status, lines, money or documents) changed. */
const orderUpdatedEventSchema = z.object({
  type: z.literal('order.updated'),
  orderId: z.string(),
});

/** Decision 0043: a day of the Delivery Manager changed (a crew, or a driver's stop event). */
const deliveryUpdatedEventSchema = z.object({
  type: z.literal('delivery.updated'),
  date: z.string(),
});

export const accountEventSchema = z.discriminatedUnion('type', [
  messageReceivedEventSchema,
  messageStatusEventSchema,
  conversationUpdatedEventSchema,
  callUpdatedEventSchema,
  settingsChangedEventSchema,
  orderUpdatedEventSchema,
  deliveryUpdatedEventSchema,
]);
export type AccountEvent = z.output<typeof accountEventSchema>;
export type AccountEventType = AccountEvent['type'];

/** Every event name the stream may carry besides `ready`: a client listens to each. */
export const ACCOUNT_EVENT_TYPES = [
  'message.received',
  'message.status',
  'conversation.updated',
  'call.updated',
  'settings.changed',
  'order.updated',
  'delivery.updated',
] as const satisfies readonly AccountEventType[];

/** The SSE event the stream sends once it is connected. */
export const ACCOUNT_STREAM_READY_EVENT = 'ready';
