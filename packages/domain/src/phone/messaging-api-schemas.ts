import { z } from 'zod';
import { messageMediaSchema } from './missed-call-text-back';
import { outboundNumberSchema } from './validate-outbound-number';

// spec §8: what the product says about texting and settings, to the letter.
export const SEND_TEXT_FORBIDDEN_MESSAGE = 'You do not have permission to send messages';
export const SEND_TEXT_INVALID_NUMBER_MESSAGE = 'Invalid phone number';
export const SEND_TEXT_FAILED_MESSAGE = 'Failed to send message, please try again.';
export const REPLY_FAILED_MESSAGE = 'Failed to send message';
export const SETTINGS_SAVED_MESSAGE = 'Settings saved';
export const SETTINGS_SAVE_FAILED_MESSAGE = 'Failed to save settings';

/** A text's longest body: Twilio accepts up to 1,600 characters. */
export const MESSAGE_BODY_MAX = 1600;
export const MESSAGE_BODY_REQUIRED_MESSAGE = 'Message is required';

/** A text's body as the user types it (saved replies use it too). */
export const messageBody = z
  .string({ error: MESSAGE_BODY_REQUIRED_MESSAGE })
  .trim()
  .min(1, { error: MESSAGE_BODY_REQUIRED_MESSAGE })
  .max(MESSAGE_BODY_MAX, { error: `Message must be at most ${MESSAGE_BODY_MAX} characters` });

/** spec §7 POST /api/phone/text/create. */
export const createTextInputSchema = z.object({
  phoneNumber: outboundNumberSchema,
  body: messageBody,
});
/** spec §7 POST /api/phone/text/{conversationId}/sendMessage (payload field named body, §3). */
export const sendMessageInputSchema = z.object({ body: messageBody });
/** spec §7 POST /api/phone/text/{conversationId}: an optional cursor for older pages. */
export const conversationPageInputSchema = z
  .object({ before: z.string().max(100).optional() })
  .catch({});

/**
 * The list's filters (issue 24 item 7, decision 0060): 'all' is every open conversation,
 * 'unread' those with unread texts, 'mine' and 'unassigned' the open ones by assignee, 'closed'
 * the closed ones. Any other value is a search, over open and closed alike.
 */
export const TEXT_FILTERS = ['all', 'unread', 'mine', 'unassigned', 'closed'] as const;
export type TextFilter = (typeof TEXT_FILTERS)[number];
export const textListQuerySchema = z.object({ filter: z.string().trim().max(100).default('all') });

export const CONVERSATION_STATUSES = ['open', 'closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];
export const ASSIGNEE_NOT_A_TEAMMATE_MESSAGE = 'Choose a teammate who can read texts';

/**
 * PATCH /api/phone/text/{conversationId}: assign (a member's id, or null for nobody), close or
 * reopen. At least one of the two.
 */
export const conversationUpdateInputSchema = z
  .object({
    assigneeId: z.uuid({ error: ASSIGNEE_NOT_A_TEAMMATE_MESSAGE }).nullable().optional(),
    status: z.enum(CONVERSATION_STATUSES, { error: 'Status must be open or closed' }).optional(),
  })
  .refine((input) => input.assigneeId !== undefined || input.status !== undefined, {
    error: 'Nothing to change',
    path: ['status'],
  });
export type ConversationUpdateInput = z.output<typeof conversationUpdateInputSchema>;

/** Who a conversation is assigned to. */
export const teammateSchema = z.object({ id: z.string(), name: z.string() });
export type Teammate = z.output<typeof teammateSchema>;
/** GET /api/phone/teammates: the active members who can read texts (whom to assign). */
export const teammatesResponseSchema = z.object({ teammates: z.array(teammateSchema) });

/** The conversation's state in the shared inbox, as PATCH answers it. */
export const conversationStateSchema = z.object({
  id: z.string(),
  status: z.enum(CONVERSATION_STATUSES),
  assignee: teammateSchema.nullable(),
});
export type ConversationState = z.output<typeof conversationStateSchema>;

export const conversationListItemSchema = z.object({
  id: z.string(),
  phoneNumber: z.string(),
  displayName: z.string(),
  customer: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  unreadCount: z.number(),
  lastMessageAt: z.string().nullable(),
  lastMessagePreview: z.string().nullable(),
  lastMessageDirection: z.enum(['inbound', 'outbound']).nullable(),
  optedOut: z.boolean(),
  /** Issue 24 item 7: open or closed, and who has it. */
  status: z.enum(CONVERSATION_STATUSES),
  assignee: teammateSchema.nullable(),
});
export type ConversationListItem = z.output<typeof conversationListItemSchema>;
export const conversationListResponseSchema = z.object({
  conversations: z.array(conversationListItemSchema),
});

export const messageSchema = z.object({
  id: z.string(),
  direction: z.enum(['inbound', 'outbound']),
  body: z.string(),
  status: z.string(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  sentBy: z.object({ userId: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  /** Pictures sent with an inbound text (issue 24 item 5); none for a plain text. */
  media: z.array(messageMediaSchema).optional(),
});
export type Message = z.output<typeof messageSchema>;

export const conversationDetailResponseSchema = z.object({
  hasMore: z.boolean(),
  /** Oldest first within the page; the first page is the newest. */
  messages: z.array(messageSchema),
  customerDetails: z.object({ displayName: z.string(), phoneNumber: z.string() }),
  /** Issue 24 item 7: the conversation's state in the shared inbox. */
  inbox: conversationStateSchema.omit({ id: true }).optional(),
});
export type ConversationDetail = z.output<typeof conversationDetailResponseSchema>;

export const sendTextResultSchema = z.object({ id: z.string() });

/** spec §7 POST /api/phone/text/{conversationId}/sendMessage: the stored text. */
export const sentMessageResponseSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  status: z.string(),
});
export type SentMessage = z.output<typeof sentMessageResponseSchema>;
