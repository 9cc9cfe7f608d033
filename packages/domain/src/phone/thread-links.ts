import { z } from 'zod';
import { amountSchema } from '../inventory/inventory-schemas';

/**
 * Issue 24 item 3: links the reply box offers for the conversation's customer's orders, each
 * sent as a short link (`/l/{code}`): the order page, a pay link for any amount, the contract
 * to sign, the changes to approve.
 */
export const THREAD_LINK_KINDS = ['order', 'pay', 'sign', 'approve'] as const;
export type ThreadLinkKind = (typeof THREAD_LINK_KINDS)[number];

export const THREAD_LINK_LABELS: Readonly<Record<ThreadLinkKind, string>> = {
  order: 'Order page',
  pay: 'Pay link',
  sign: 'Contract to sign',
  approve: 'Changes to approve',
};

export const threadLinkInputSchema = z
  .object({
    orderId: z.uuid({ error: 'Choose an order' }),
    kind: z.enum(THREAD_LINK_KINDS, { error: 'Choose a link' }),
    /** A pay link's amount in cents; without it, the balance due. */
    amount: amountSchema.refine((value) => value > 0, 'Enter an amount above zero').optional(),
  })
  .superRefine((value, ctx) => {
    if (value.kind !== 'pay' && value.amount !== undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Only a pay link has an amount' });
  });
export type ThreadLinkInput = z.input<typeof threadLinkInputSchema>;

/** An order of the conversation's customer that a link can be made for, and which links fit. */
export const threadLinkOrderSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: z.string(),
  eventStart: z.string(),
  /** Null for a member who may not see money. */
  balanceDue: z.number().int().nullable(),
  /** The contract is waiting for the customer's signature. */
  awaitingSignature: z.boolean(),
  /** The order changed since they signed, waiting for their approval. */
  awaitingApproval: z.boolean(),
});
export type ThreadLinkOrder = z.output<typeof threadLinkOrderSchema>;

export const threadLinkOptionsResponseSchema = z.object({
  orders: z.array(threadLinkOrderSchema),
  /** This member may make pay links and the account takes cards. */
  payLinks: z.boolean(),
  /** The account's currency and time zone, for the amounts and the event days. */
  currency: z.string(),
  timeZone: z.string(),
});
export type ThreadLinkOptions = z.output<typeof threadLinkOptionsResponseSchema>;

export const threadLinkResponseSchema = z.object({
  /** The short link, on the app's origin. */
  url: z.string(),
  orderNumber: z.number().int(),
  kind: z.enum(THREAD_LINK_KINDS),
  /** A pay link's amount in cents. */
  amount: z.number().int().nullable(),
});
export type ThreadLink = z.output<typeof threadLinkResponseSchema>;

/** What the customer did on a link, shown in the conversation's timeline. */
export const TIMELINE_EVENT_KINDS = ['paid', 'signed', 'approved'] as const;
export type TimelineEventKind = (typeof TIMELINE_EVENT_KINDS)[number];

/** The order activity each timeline event is read from (written by the customer's own act). */
export const TIMELINE_ACTIVITY: Readonly<Record<TimelineEventKind, string>> = {
  paid: 'customer_paid',
  signed: 'contract_signed',
  approved: 'changes_approved',
};

export const timelineEventSchema = z.object({
  id: z.string(),
  kind: z.enum(TIMELINE_EVENT_KINDS),
  at: z.string(),
  orderId: z.string(),
  orderNumber: z.number().int(),
  /** What was paid, in cents; null for the other kinds or a member who may not see money. */
  amount: z.number().int().nullable(),
  /** The name they signed or approved with. */
  name: z.string().nullable(),
});
export type TimelineEvent = z.output<typeof timelineEventSchema>;

export const conversationTimelineResponseSchema = z.object({
  events: z.array(timelineEventSchema),
  currency: z.string(),
});
