import { z } from 'zod';
import { callLogEntrySchema } from '../phone/call-api-schemas';

// spec §7 GET /api/customers/{id}/phone, read whole. Calls are call log entries; the fields of a
// message are not shown (spec §3), so messages are only counted.
export const customerPhoneResponseSchema = z.object({
  calls: z.array(callLogEntrySchema),
  messages: z.array(z.unknown()),
});
export type CustomerPhoneHistory = z.output<typeof customerPhoneResponseSchema>;
