import { z } from 'zod';
import { unknownMergeFields, unknownMergeFieldsMessage } from '../emails/merge-fields';
import { messageBody } from './messaging-api-schemas';

// Apart from the texts' schemas, which the app's first screen loads (Reach's live updates):
// these and the merge fields they check are loaded only by the screens that use them.
// Issue 24 item 7: saved replies, shared by the team, with the e-mails' merge fields.
export const SAVED_REPLY_NAME_MAX = 80;
export const savedReplyInputSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, { error: 'Name is required' })
    .max(SAVED_REPLY_NAME_MAX, {
      error: `Name must be at most ${SAVED_REPLY_NAME_MAX} characters`,
    }),
  // An unknown field is refused when the reply is saved, never found when it is used.
  body: messageBody.superRefine((value, ctx) => {
    const unknown = unknownMergeFields(value);
    if (unknown.length > 0)
      ctx.addIssue({ code: 'custom', message: unknownMergeFieldsMessage(unknown) });
  }),
});
export type SavedReplyInput = z.output<typeof savedReplyInputSchema>;
export const savedReplySchema = z.object({
  id: z.string(),
  name: z.string(),
  body: z.string(),
  updatedAt: z.string(),
});
export type SavedReply = z.output<typeof savedReplySchema>;
export const savedReplyListResponseSchema = z.object({ replies: z.array(savedReplySchema) });
/** A saved reply filled for one conversation: its customer and their next or open order. */
export const filledReplySchema = z.object({
  body: z.string(),
  /** The order whose values were used, if any. */
  orderNumber: z.number().nullable(),
  /** The merge fields it names that had no value here (no customer, no order): left empty. */
  missing: z.array(z.string()),
});
export type FilledReply = z.output<typeof filledReplySchema>;
