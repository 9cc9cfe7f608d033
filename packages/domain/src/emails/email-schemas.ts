import { z } from 'zod';
import { automationInputSchema, CHANNELS, quietHoursSchema } from './automations';
import { unknownMergeFields, unknownMergeFieldsMessage } from './merge-fields';
import { TEMPLATE_KEYS } from './message-templates';

/** back-office spec §8 and the API appendix: the e-mails feature's contracts. */

const templateText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `Must be at most ${max.toLocaleString('en-US')} characters`)
    .superRefine((value, ctx) => {
      const unknown = unknownMergeFields(value);
      if (unknown.length > 0)
        ctx.addIssue({ code: 'custom', message: unknownMergeFieldsMessage(unknown) });
    });

/** PUT /api/email/templates/{key}: an unknown merge field is refused here, not at send time. */
export const templateInputSchema = z.object({
  subject: templateText('Subject', 200),
  body: templateText('Body', 10_000),
});
export type TemplateInput = z.output<typeof templateInputSchema>;

export const templateSchema = z.object({
  key: z.enum(TEMPLATE_KEYS),
  name: z.string(),
  subject: z.string(),
  body: z.string(),
  /** False while it is the text Tentpole ships; 'Reset' brings that back. */
  edited: z.boolean(),
  updatedAt: z.string().nullable(),
});
export const templatesResponseSchema = z.object({ templates: z.array(templateSchema) });
export const templateResponseSchema = z.object({ template: templateSchema });

/** POST /api/email/templates/{key}/preview and …/test: unsaved text, on a real order. */
export const templatePreviewInputSchema = templateInputSchema.extend({
  orderId: z.uuid('Choose an order').nullish(),
});
export const renderedMessageSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** The order it was filled from; null: the fields' examples. */
  orderNumber: z.number().nullable(),
});
export const testSentSchema = z.object({ to: z.string(), emailId: z.string() });

export const automationSchema = automationInputSchema.safeExtend({
  id: z.string(),
  /** Set on the automations Tentpole ships: they can be turned off, not deleted. */
  key: z.string().nullable(),
  timing: z.string(),
  updatedAt: z.string(),
});
export type Automation = z.output<typeof automationSchema>;
export const automationsResponseSchema = z.object({ automations: z.array(automationSchema) });
export const automationResponseSchema = z.object({ automation: automationSchema });

export const SCHEDULED_STATUSES = ['pending', 'sent', 'cancelled', 'skipped'] as const;
export const scheduledMessageSchema = z.object({
  id: z.string(),
  automationId: z.string(),
  automationName: z.string(),
  channel: z.enum(CHANNELS),
  dueAt: z.string(),
  status: z.enum(SCHEDULED_STATUSES),
  reason: z.string().nullable(),
  orderId: z.string(),
  orderNumber: z.number(),
  customerName: z.string(),
  sentAt: z.string().nullable(),
});
export type ScheduledMessage = z.output<typeof scheduledMessageSchema>;

/** GET /api/email/automations/week and POST …/preview: what would go out in the next 7 days. */
export const weekPreviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  messages: z.array(
    z.object({
      automationName: z.string(),
      channel: z.enum(CHANNELS),
      dueAt: z.string(),
      orderId: z.string(),
      orderNumber: z.number(),
      customerName: z.string(),
    }),
  ),
});

export const EMAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export const emailListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(EMAIL_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type EmailListQuery = z.output<typeof emailListQuerySchema>;

export const emailSummarySchema = z.object({
  id: z.string(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(EMAIL_STATUSES),
  failure: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  orderId: z.string().nullable(),
  orderNumber: z.number().nullable(),
  customerId: z.string().nullable(),
  customerName: z.string().nullable(),
});
export type EmailSummary = z.output<typeof emailSummarySchema>;
export const emailListResponseSchema = z.object({
  emails: z.array(emailSummarySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Automated messages waiting for their time (the outbox's upcoming part). */
  upcoming: z.array(scheduledMessageSchema),
});
export const emailDetailSchema = z.object({
  email: emailSummarySchema.extend({ html: z.string(), text: z.string() }),
});

/** GET/PUT /api/email/settings */
export const messagingSettingsSchema = z.object({
  quietHours: quietHoursSchema,
  reviewLink: z
    .url({ error: 'Enter a web address (https://…)', protocol: /^https?$/ })
    .max(500)
    .nullable(),
});
export type MessagingSettings = z.output<typeof messagingSettingsSchema>;

/** POST /api/orders/{id}/send: a document or link to the customer, by e-mail or text. */
export const ORDER_SEND_TEMPLATES = [
  'quote',
  'contract',
  'invoice',
  'receipt',
  'balance_due',
] as const;
export const orderSendInputSchema = z.object({
  templateKey: z.enum(ORDER_SEND_TEMPLATES, { error: 'Choose what to send' }),
  channel: z.enum(CHANNELS, { error: 'Choose e-mail or text' }),
});
export const orderSendResponseSchema = z.object({
  channel: z.enum(CHANNELS),
  to: z.string(),
});

/** GET /api/orders/{id}/messages: its automated messages and whether they are muted. */
export const orderMessagesResponseSchema = z.object({
  muted: z.boolean(),
  scheduled: z.array(scheduledMessageSchema),
  emails: z.array(emailSummarySchema),
});
export const orderMuteInputSchema = z.object({ muted: z.boolean() });
