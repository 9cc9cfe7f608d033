import { z } from 'zod';
import { callLogEntrySchema } from '../phone/call-api-schemas';
import { messageSchema } from '../phone/messaging-api-schemas';

// spec §7 GET /api/customers/{id}/phone, read whole. Calls are call log entries; the fields of a
// message are not shown (spec §3), so the web app only counts them; each is a message of its
// conversation.
export const customerPhoneResponseSchema = z.object({
  calls: z.array(callLogEntrySchema),
  messages: z.array(messageSchema.extend({ conversationId: z.string() })),
});
export type CustomerPhoneHistory = z.output<typeof customerPhoneResponseSchema>;
