import {
  automationInputSchema,
  automationResponseSchema,
  automationsResponseSchema,
  DEFAULT_TEMPLATES,
  emailDetailSchema,
  emailListQuerySchema,
  emailListResponseSchema,
  isTemplateKey,
  messagingSettingsSchema,
  orderMessagesResponseSchema,
  orderMuteInputSchema,
  orderSendInputSchema,
  orderSendResponseSchema,
  renderedMessageSchema,
  TEXT_MESSAGE_MAX,
  type TemplateKey,
  templateInputSchema,
  templatePreviewInputSchema,
  templateResponseSchema,
  templatesResponseSchema,
  testSentSchema,
  weekPreviewSchema,
} from '@tentpole/domain';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import { AppError, notFound } from '../../http/app-error.js';
import { isUuid } from '../../http/is-uuid.js';
import { readJson, readQuery } from '../../http/read-body.js';
import type { RouteDef } from '../../http/route-table.js';
import { publish } from '../../realtime/event-hub.js';
import type { FeatureContext } from '../feature.js';
import { addOrderActivity, findOrder } from '../orders/queries.js';
import { queueAutomatedText } from '../phone/texts/queries.js';
import {
  createAutomation,
  deleteAutomation,
  listAutomations,
  orderScheduled,
  setOrderMuted,
  upcomingMessages,
  updateAutomation,
  weekPreview,
} from './automations.js';
import { businessFacts, orderMessageContext, renderFor } from './order-messages.js';
import {
  EMAIL_PAGE_SIZE,
  findEmail,
  listEmails,
  orderEmailSummaries,
  queueEmail,
} from './queries.js';
import { savedReplyRoutes } from './saved-replies.js';
import {
  accountTemplate,
  accountTemplates,
  messagingSettings,
  resetTemplate,
  saveMessagingSettings,
  saveTemplate,
} from './templates.js';

const tag = 'Emails';
const read = { permission: 'email.read' } as const;
const write = { permission: 'email.write' } as const;

/** back-office spec §8: templates, automations, the outbox, and sending from an order. */
export function emailRoutes({ db, clock, phone, realtime }: FeatureContext): RouteDef[] {
  const appUrl = phone?.appUrl ?? '';
  const accountOf = (c: Context<AppEnv>) => c.get('user').accountId;
  const templateKeyOf = (c: Context<AppEnv>): TemplateKey => {
    const key = c.req.param('key') ?? '';
    if (!isTemplateKey(key)) throw notFound('Template');
    return key;
  };
  const orderOf = async (c: Context<AppEnv>) => {
    const id = c.req.param('id');
    const order = isUuid(id) ? await findOrder(db, accountOf(c), id) : null;
    if (!order) throw notFound('Order');
    return order;
  };
  const kick = () => realtime?.worker.kick();

  /** A template (saved or as typed) filled from an order of the account, or the examples. */
  async function preview(c: Context<AppEnv>) {
    templateKeyOf(c);
    const input = await readJson(c, templatePreviewInputSchema);
    const accountId = accountOf(c);
    const business = await businessFacts(db, accountId);
    const template = { subject: input.subject, body: input.body };
    let context = null;
    if (input.orderId) {
      context = await orderMessageContext(
        db,
        accountId,
        input.orderId,
        business,
        { make: false, appUrl },
        template,
      );
      if (!context)
        throw new AppError('validation_failed', 'Unknown order', { orderId: ['Unknown order'] });
    }
    return {
      accountId,
      context,
      rendered: renderFor(template, context?.values ?? null, business, appUrl),
    };
  }

  return [
    {
      method: 'GET',
      path: '/api/email/templates',
      access: read,
      summary: "The account's templates (§8): each its own edit or the shipped text.",
      tag,
      response: templatesResponseSchema,
      async handler(c) {
        return c.json({ templates: await accountTemplates(db, accountOf(c)) });
      },
    },
    {
      method: 'PUT',
      path: '/api/email/templates/:key',
      access: write,
      summary: 'Save a template; an unknown merge field is refused (400) here, not at send time.',
      tag,
      request: templateInputSchema,
      response: templateResponseSchema,
      async handler(c) {
        const key = templateKeyOf(c);
        const input = await readJson(c, templateInputSchema);
        const template = await saveTemplate(
          db,
          accountOf(c),
          key,
          input,
          c.get('user').id,
          clock(),
        );
        return c.json({ template });
      },
    },
    {
      method: 'DELETE',
      path: '/api/email/templates/:key',
      access: write,
      summary: 'Reset a template to the text Tentpole ships.',
      tag,
      response: templateResponseSchema,
      async handler(c) {
        return c.json({ template: await resetTemplate(db, accountOf(c), templateKeyOf(c)) });
      },
    },
    {
      method: 'POST',
      path: '/api/email/templates/:key/preview',
      access: read,
      summary: 'A template as typed, filled from a real order (or the fields’ examples).',
      tag,
      request: templatePreviewInputSchema,
      response: renderedMessageSchema,
      async handler(c) {
        const { context, rendered } = await preview(c);
        return c.json({ ...rendered, orderNumber: context?.order.number ?? null });
      },
    },
    {
      method: 'POST',
      path: '/api/email/templates/:key/test',
      access: write,
      summary: '"Send me a test": the template as typed, filled from an order, to your own e-mail.',
      tag,
      request: templatePreviewInputSchema,
      response: testSentSchema,
      status: 201,
      async handler(c) {
        const { accountId, rendered } = await preview(c);
        const to = c.get('user').email;
        const emailId = await queueEmail(db, {
          accountId,
          kind: 'test',
          to,
          subject: `[Test] ${rendered.subject}`,
          html: rendered.html,
          text: rendered.text,
        });
        kick();
        return c.json({ to, emailId }, 201);
      },
    },
    {
      method: 'GET',
      path: '/api/email/automations',
      access: read,
      summary: "The account's automations, the shipped ones first.",
      tag,
      response: automationsResponseSchema,
      async handler(c) {
        return c.json({ automations: await listAutomations(db, accountOf(c)) });
      },
    },
    {
      method: 'POST',
      path: '/api/email/automations',
      access: write,
      summary: 'A new automation; every order is planned again for it.',
      tag,
      request: automationInputSchema,
      response: automationResponseSchema,
      status: 201,
      async handler(c) {
        const input = await readJson(c, automationInputSchema);
        const automation = await createAutomation(db, accountOf(c), input);
        kick();
        return c.json({ automation }, 201);
      },
    },
    {
      method: 'PUT',
      path: '/api/email/automations/:id',
      access: write,
      summary: 'Change an automation (or turn it off); pending messages move or are cancelled.',
      tag,
      request: automationInputSchema,
      response: automationResponseSchema,
      async handler(c) {
        const id = c.req.param('id');
        if (!isUuid(id)) throw notFound('Automation');
        const input = await readJson(c, automationInputSchema);
        const automation = await updateAutomation(db, accountOf(c), id, input, clock());
        kick();
        return c.json({ automation });
      },
    },
    {
      method: 'DELETE',
      path: '/api/email/automations/:id',
      access: write,
      summary: "Delete one of the account's own automations (the shipped ones are turned off).",
      tag,
      response: { kind: 'empty', description: 'Deleted' },
      status: 204,
      errors: [409],
      async handler(c) {
        const id = c.req.param('id');
        if (!isUuid(id)) throw notFound('Automation');
        await deleteAutomation(db, accountOf(c), id);
        return c.body(null, 204);
      },
    },
    {
      method: 'GET',
      path: '/api/email/automations/week',
      access: read,
      summary: 'What the enabled automations would send in the next seven days.',
      tag,
      response: weekPreviewSchema,
      async handler(c) {
        return c.json(await weekPreview(db, accountOf(c), clock(), null));
      },
    },
    {
      method: 'POST',
      path: '/api/email/automations/week',
      access: read,
      summary: 'What an automation as typed would send in the next seven days.',
      tag,
      request: automationInputSchema,
      response: weekPreviewSchema,
      async handler(c) {
        const draft = await readJson(c, automationInputSchema);
        return c.json(await weekPreview(db, accountOf(c), clock(), draft));
      },
    },
    {
      method: 'GET',
      path: '/api/email/settings',
      access: read,
      summary: 'Quiet hours (no automated message goes out) and the review link.',
      tag,
      response: messagingSettingsSchema,
      async handler(c) {
        return c.json(await messagingSettings(db, accountOf(c)));
      },
    },
    {
      method: 'PUT',
      path: '/api/email/settings',
      access: write,
      summary: 'Change quiet hours and the review link.',
      tag,
      request: messagingSettingsSchema,
      response: messagingSettingsSchema,
      async handler(c) {
        const input = await readJson(c, messagingSettingsSchema);
        return c.json(await saveMessagingSettings(db, accountOf(c), input));
      },
    },
    {
      method: 'GET',
      path: '/api/email/messages',
      access: read,
      summary: 'The outbox and history: e-mails by words and status, and what is scheduled.',
      tag,
      query: emailListQuerySchema,
      response: emailListResponseSchema,
      async handler(c) {
        const query = readQuery(c, emailListQuerySchema);
        const accountId = accountOf(c);
        const [{ rows, total }, upcoming] = await Promise.all([
          listEmails(db, accountId, query),
          query.page === 1 && !query.q && !query.status
            ? upcomingMessages(db, accountId)
            : Promise.resolve([]),
        ]);
        return c.json({
          emails: rows,
          total,
          page: query.page,
          pageSize: EMAIL_PAGE_SIZE,
          upcoming,
        });
      },
    },
    {
      method: 'GET',
      path: '/api/email/messages/:id',
      access: read,
      summary: 'One e-mail as it was sent, HTML and text.',
      tag,
      response: emailDetailSchema,
      async handler(c) {
        const id = c.req.param('id');
        const email = isUuid(id) ? await findEmail(db, accountOf(c), id) : null;
        if (!email) throw notFound('E-mail');
        return c.json({ email });
      },
    },
    {
      method: 'GET',
      path: '/api/orders/:id/messages',
      access: read,
      summary: "An order's e-mails and automated messages, and whether they are muted.",
      tag,
      response: orderMessagesResponseSchema,
      async handler(c) {
        const order = await orderOf(c);
        const accountId = accountOf(c);
        const [scheduled, emails] = await Promise.all([
          orderScheduled(db, accountId, order.id),
          orderEmailSummaries(db, accountId, order.id),
        ]);
        return c.json({ ...scheduled, emails });
      },
    },
    {
      method: 'PUT',
      path: '/api/orders/:id/messages/mute',
      access: { permission: 'order.write' },
      summary: "Mute (or un-mute) every automated message to this order's customer.",
      tag,
      request: orderMuteInputSchema,
      response: orderMessagesResponseSchema,
      async handler(c) {
        const order = await orderOf(c);
        const accountId = accountOf(c);
        const { muted } = await readJson(c, orderMuteInputSchema);
        await setOrderMuted(db, accountId, order.id, muted, c.get('user').id, clock());
        const [scheduled, emails] = await Promise.all([
          orderScheduled(db, accountId, order.id),
          orderEmailSummaries(db, accountId, order.id),
        ]);
        return c.json({ ...scheduled, emails });
      },
    },
    {
      method: 'POST',
      path: '/api/orders/:id/send',
      access: { permission: 'order.write' },
      summary:
        'Send the customer a quote, contract to sign, invoice, receipt or pay link, by e-mail or text (its document linked).',
      tag,
      request: orderSendInputSchema,
      response: orderSendResponseSchema,
      status: 201,
      errors: [409],
      async handler(c) {
        const order = await orderOf(c);
        const accountId = accountOf(c);
        const input = await readJson(c, orderSendInputSchema);
        const template = await accountTemplate(db, accountId, input.templateKey);
        const business = await businessFacts(db, accountId);
        const context = await orderMessageContext(
          db,
          accountId,
          order.id,
          business,
          { make: true, appUrl },
          template,
        );
        if (!context) throw notFound('Order');
        const rendered = renderFor(template, context.values, business, appUrl);
        const what = DEFAULT_TEMPLATES[input.templateKey].name;
        const userId = c.get('user').id;
        const to = await db.transaction(async (transaction) => {
          const tx = transaction as unknown as typeof db;
          if (input.channel === 'email') {
            if (!context.customer.email)
              throw new AppError('validation_failed', 'The customer has no e-mail address.', {
                channel: ['The customer has no e-mail address'],
              });
            await queueEmail(tx, {
              accountId,
              orderId: order.id,
              customerId: context.customer.id,
              kind: input.templateKey,
              to: context.customer.email,
              subject: rendered.subject,
              html: rendered.html,
              text: rendered.text,
            });
            await addOrderActivity(
              tx,
              accountId,
              order.id,
              'message_sent',
              {
                template: what,
                channel: 'email',
                to: context.customer.email,
                subject: rendered.subject,
              },
              userId,
            );
            return context.customer.email;
          }
          if (!context.customer.phoneNumber)
            throw new AppError('validation_failed', 'The customer has no phone number.', {
              channel: ['The customer has no phone number'],
            });
          const text = await queueAutomatedText(
            tx,
            accountId,
            context.customer.phoneNumber,
            rendered.text.slice(0, TEXT_MESSAGE_MAX),
            { marketing: false, now: clock(), sentByUserId: userId },
          );
          if (!text.sent) throw new AppError('conflict', text.reason, { channel: [text.reason] });
          await addOrderActivity(
            tx,
            accountId,
            order.id,
            'message_sent',
            { template: what, channel: 'text', to: context.customer.phoneNumber },
            userId,
          );
          return context.customer.phoneNumber;
        });
        await publish(db, accountId, { type: 'order.updated', orderId: order.id });
        kick();
        return c.json({ channel: input.channel, to }, 201);
      },
    },
    ...savedReplyRoutes({ db, clock, appUrl }),
  ];
}
