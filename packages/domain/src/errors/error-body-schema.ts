import { z } from 'zod';
import { ERROR_CODE_LIST } from './error-codes';

/** Every JSON error response: { error: { code, message, fields? } }. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODE_LIST),
    message: z.string(),
    // Field path ('forwardIncomingCallsTo.0') → that field's messages; only for bad input.
    fields: z.record(z.string(), z.array(z.string())).optional(),
  }),
});

export type ErrorBody = z.output<typeof errorBodySchema>;
