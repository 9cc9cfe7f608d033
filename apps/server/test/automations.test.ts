import { DEFAULT_AUTOMATIONS, DEFAULT_QUIET_HOURS, outsideQuietHours } from '@tentpole/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { customers as customersTable } from '../src/features/customers/tables.js';
import { planChangedOrders, sendDueMessages } from '../src/features/emails/automations.js';
import { automations, emails, scheduledMessages } from '../src/features/emails/tables.js';
import { phoneServices } from '../src/features/phone/tables.js';
import { messages, smsOptOuts } from '../src/features/phone/texts/tables.js';
import { jobs } from '../src/jobs/tables.js';
import { apiCall } from './helpers/api.js';
import { createAccountWithUser, createCustomers } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Issue 21: e-mails and automations through the mail catcher — templates with merge fields
// refused when unknown, a preview on a real order, "send me a test", and one engine that
// plans a message per order and automation, moves it with the order, cancels it, holds it
// through quiet hours in the account's timezone, and sends it exactly once.

const DAY = 86_400_000;
let server: TestServer;
let owner: HttpClient;
let accountId: string;
let customer: { id: string; email: string; firstName: string };
let productId: string;

type Order = { id: string; number: number; status: string; eventStart: string };

/** A reserved pickup order for the customer, its event `days` from now. */
async function reservedOrder(days: number, extra: Record<string, unknown> = {}) {
  const start = new Date(Date.now() + days * DAY);
  start.setUTCHours(16, 0, 0, 0);
  const { status, body } = await apiCall<{ order: Order }>(owner, 'POST', '/api/orders', {
    customerId: customer.id,
    eventStart: start.toISOString(),
    eventEnd: new Date(start.getTime() + 6 * 3_600_000).toISOString(),
    fulfilment: 'pickup',
    lines: [{ productId, quantity: 1 }],
    ...extra,
  });
  expect(status).toBe(201);
  const moved = await apiCall<{ order: Order }>(
    owner,
    'POST',
    `/api/orders/${body.order.id}/transitions`,
    {
      to: 'reserved',
    },
  );
  expect(moved.status).toBe(200);
  return moved.body.order;
}

async function rowsOf(orderId: string) {
  return server.db.select().from(scheduledMessages).where(eq(scheduledMessages.orderId, orderId));
}

async function automationId(key: string) {
  const { body } = await apiCall<{ automations: { id: string; key: string | null }[] }>(
    owner,
    'GET',
    '/api/email/automations',
  );
  return body.automations.find((a) => a.key === key)?.id as string;
}

const deps = () => ({ appUrl: server.baseUrl });

/**
 * Now, or when the account's quiet hours end if now is inside them: a sweep at that time sends
 * what is due, whatever the hour the tests run at.
 */
const awake = () => outsideQuietHours(new Date(), DEFAULT_QUIET_HOURS, 'America/Chicago');

/** Polls until `read` answers something truthy, and answers it. */
async function eventually<T>(read: () => T | Promise<T>): Promise<NonNullable<T>> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!value) throw new Error('not yet');
      return value as NonNullable<T>;
    },
    { timeout: 10_000, interval: 25 },
  );
}

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  const account = await createAccountWithUser(server.db, {
    name: 'Reminder Rentals',
    email: 'reminders-owner@tentpole.test',
    settings: { timezone: 'America/Chicago', currency: 'USD' },
  });
  accountId = account.accountId;
  owner = await server.signIn(account.email);
  const [made] = await createCustomers(server.db, accountId, 1, {
    firstName: 'Jo <b>',
    phoneNumber: '+15550107788',
  });
  customer = made as typeof customer;
  const { body } = await apiCall<{ product: { id: string } }>(owner, 'POST', '/api/products', {
    name: 'Reminder Castle',
    quantity: 500,
    pricing: { mode: 'daily', tiers: [{ hours: 24, amount: 20_000 }] },
  });
  productId = body.product.id;
  await server.db.insert(phoneServices).values({
    accountId,
    phoneNumber: '+15550109911',
    enabled: true,
    messagingStatus: 'approved',
  });
});
afterAll(() => server?.close());

describe('templates', () => {
  it('refuses an unknown merge field when saving, with the field named', async () => {
    const { status, body } = await apiCall<{ error: { fields: Record<string, string[]> } }>(
      owner,
      'PUT',
      '/api/email/templates/quote',
      { subject: 'Quote #{{order.number}}', body: 'Hi {{customer.frstName}}' },
    );
    expect(status).toBe(400);
    expect(body.error.fields.body).toEqual(['Unknown merge field: {{customer.frstName}}']);
  });

  it('previews a template as typed on a real order, escaped, and e-mails a test to me', async () => {
    const order = await reservedOrder(20);
    const template = {
      subject: 'For {{customer.firstName}}: #{{order.number}}',
      body: 'Hello {{customer.firstName}},\n\nYou owe {{order.balance}}.',
      orderId: order.id,
    };
    const preview = await apiCall<{ subject: string; html: string; text: string }>(
      owner,
      'POST',
      '/api/email/templates/quote/preview',
      template,
    );
    expect(preview.status).toBe(200);
    expect(preview.body.subject).toBe(`For Jo <b>: #${order.number}`);
    expect(preview.body.text).toBe('Hello Jo <b>,\n\nYou owe $200.00.');
    expect(preview.body.html).toContain('Hello Jo &lt;b&gt;,');
    expect(preview.body.html).not.toContain('<b>,');

    const saved = await apiCall<{ template: { edited: boolean; subject: string } }>(
      owner,
      'PUT',
      '/api/email/templates/quote',
      { subject: template.subject, body: template.body },
    );
    expect(saved.body.template).toMatchObject({ edited: true, subject: template.subject });

    const test = await apiCall<{ to: string }>(
      owner,
      'POST',
      '/api/email/templates/quote/test',
      template,
    );
    expect(test.status).toBe(201);
    expect(test.body.to).toBe('reminders-owner@tentpole.test');
    const mail = await eventually(() =>
      server.mailSandbox
        .messages()
        .find((m) => m.subject === `[Test] For Jo <b>: #${order.number}`),
    );
    expect(mail?.to).toEqual(['reminders-owner@tentpole.test']);
    expect(mail?.text).toContain('You owe $200.00.');

    const reset = await apiCall<{ template: { edited: boolean } }>(
      owner,
      'DELETE',
      '/api/email/templates/quote',
    );
    expect(reset.body.template.edited).toBe(false);
  });
});

describe('automations', () => {
  it('gives an account each shipped automation, and one it lacks (added by a release) on its next read', async () => {
    const { accountId: fresh, email } = await createAccountWithUser(server.db, {
      name: 'Fresh Automations',
      email: 'fresh-automations@tentpole.test',
    });
    const manager = await server.signIn(email);
    const read = async () =>
      (
        await apiCall<{ automations: { key: string | null }[] }>(
          manager,
          'GET',
          '/api/email/automations',
        )
      ).body.automations.map((a) => a.key);
    expect((await read()).sort()).toEqual(DEFAULT_AUTOMATIONS.map((a) => a.key).sort());
    // As if the release that shipped it came after the account's first read.
    const [dropped] = DEFAULT_AUTOMATIONS;
    await server.db
      .delete(automations)
      .where(and(eq(automations.accountId, fresh), eq(automations.key, dropped?.key ?? '')));
    expect(await read()).toContain(dropped?.key);
    expect(await read()).toHaveLength(DEFAULT_AUTOMATIONS.length);
  });

  it('sends the booking confirmation of a reserved order once, however often and wherever the sweep runs', async () => {
    const order = await reservedOrder(30);
    const now = awake();
    await planChangedOrders(server.db, now);
    await planChangedOrders(server.db, now);
    // Two sweeps at once, then another: one claim wins.
    await Promise.all([
      sendDueMessages(server.db, deps(), now),
      sendDueMessages(server.db, deps(), now),
    ]);
    await sendDueMessages(server.db, deps(), new Date(now.getTime() + 60_000));
    const subject = `Your booking for`;
    const mail = await eventually(() =>
      server.mailSandbox
        .messages()
        .find((m) => m.subject.startsWith(subject) && m.subject.includes(`#${order.number}`)),
    );
    expect(mail?.to).toEqual([customer.email]);
    expect(mail?.text).toContain('1 × Reminder Castle');
    expect(mail?.text).toMatch(new RegExp(`${server.baseUrl}/o/[A-Za-z0-9_-]{32}`));
    await planChangedOrders(server.db, awake());
    await sendDueMessages(server.db, deps(), awake());
    const stored = await server.db
      .select()
      .from(emails)
      .where(and(eq(emails.orderId, order.id), eq(emails.kind, 'automation:booking_confirmation')));
    expect(stored).toHaveLength(1);
    await eventually(async () => {
      const [row] = await server.db
        .select()
        .from(emails)
        .where(eq(emails.id, stored[0]?.id as string));
      return row?.status === 'sent';
    });
    expect(
      server.mailSandbox
        .messages()
        .filter((m) => m.subject.startsWith(subject) && m.subject.includes(`#${order.number}`)),
    ).toHaveLength(1);
    const confirmation = (await rowsOf(order.id)).find(
      (r) => r.automationId !== null && r.emailId === stored[0]?.id,
    );
    expect(confirmation?.status).toBe('sent');

    // The order page shows it, and the customer's journey.
    const activity = await apiCall<{
      activity: { action: string; detail: Record<string, unknown> }[];
    }>(owner, 'GET', `/api/orders/${order.id}/activity`);
    expect(activity.body.activity.some((a) => a.action === 'message_sent')).toBe(true);
    const journey = await apiCall<{ journey: { kind: string; title: string }[] }>(
      owner,
      'GET',
      `/api/customers/${customer.id}/journey`,
    );
    expect(
      journey.body.journey.some((j) => j.kind === 'email' && j.title.includes(`#${order.number}`)),
    ).toBe(true);
  });

  it('delivers a message once when the process died after the mail server took it but before it was marked sent', async () => {
    const order = await reservedOrder(33);
    const now = awake();
    await planChangedOrders(server.db, now);
    await sendDueMessages(server.db, deps(), now);
    const mine = () =>
      server.mailSandbox
        .messages()
        .filter(
          (m) =>
            m.subject.startsWith('Your booking for') && m.subject.includes(`#${order.number})`),
        );
    await eventually(() => mine().length === 1);
    const [email] = await server.db
      .select()
      .from(emails)
      .where(and(eq(emails.orderId, order.id), eq(emails.kind, 'automation:booking_confirmation')));
    await eventually(async () => {
      const [row] = await server.db
        .select()
        .from(emails)
        .where(eq(emails.id, email?.id as string));
      return row?.status === 'sent';
    });
    // The crash: the server said 250, then the process died before the row and its job were
    // marked done. After the job's lease runs out, an instance runs the job again.
    const resentBefore = server.mailSandbox.duplicates();
    await server.db
      .update(emails)
      .set({ status: 'queued', sentAt: null })
      .where(eq(emails.id, email?.id as string));
    await server.db
      .update(jobs)
      .set({ doneAt: null, lockedUntil: null, runAt: new Date() })
      .where(sql`${jobs.payload}->>'emailId' = ${email?.id as string}`);
    server.reach.worker.kick();
    await eventually(async () => {
      const [row] = await server.db
        .select()
        .from(emails)
        .where(eq(emails.id, email?.id as string));
      return row?.status === 'sent';
    });
    // It went to the mail server again with the same Message-ID, and the customer has it once.
    expect(server.mailSandbox.duplicates()).toBe(resentBefore + 1);
    expect(mine()).toHaveLength(1);
    expect(mine()[0]?.messageId).toBe(`<email-${email?.id}@tentpole>`);
  });

  it('moves the pending balance reminder when the order is rescheduled, and never sends it at the old time', async () => {
    const order = await reservedOrder(40);
    await planChangedOrders(server.db, new Date());
    const balanceId = await automationId('balance_due');
    const before = (await rowsOf(order.id)).find((r) => r.automationId === balanceId);
    expect(before?.status).toBe('pending');
    // Five days before, at 10:00 in Chicago.
    const due = before?.dueAt as Date;
    expect(due.getTime()).toBeLessThan(new Date(order.eventStart).getTime() - 4 * DAY);
    expect(
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/Chicago',
        hour: 'numeric',
        minute: '2-digit',
      }).format(due),
    ).toBe('10:00 AM');

    const start = new Date(new Date(order.eventStart).getTime() + 7 * DAY);
    const moved = await apiCall(owner, 'PATCH', `/api/orders/${order.id}`, {
      eventStart: start.toISOString(),
      eventEnd: new Date(start.getTime() + 6 * 3_600_000).toISOString(),
    });
    expect(moved.status).toBe(200);
    // The sweep reaches the old time before planning again: the message moves, nothing goes.
    const sent = await sendDueMessages(server.db, deps(), new Date(due.getTime() + 60_000));
    expect(sent).toBe(0);
    const after = (await rowsOf(order.id)).find((r) => r.automationId === balanceId);
    expect(after?.id).toBe(before?.id);
    expect(after?.status).toBe('pending');
    expect(after?.dueAt.getTime()).toBe(due.getTime() + 7 * DAY);
    await planChangedOrders(server.db, new Date());
    const planned = (await rowsOf(order.id)).find((r) => r.automationId === balanceId);
    expect(planned?.dueAt.getTime()).toBe(due.getTime() + 7 * DAY);
  });

  it('cancels the pending reminders of a cancelled order', async () => {
    const order = await reservedOrder(45);
    await planChangedOrders(server.db, new Date());
    const balanceId = await automationId('balance_due');
    const pending = (await rowsOf(order.id)).find((r) => r.automationId === balanceId);
    expect(pending?.status).toBe('pending');
    const cancelled = await apiCall(owner, 'POST', `/api/orders/${order.id}/transitions`, {
      to: 'cancelled',
      reason: 'Moved away',
    });
    expect(cancelled.status).toBe(200);
    await planChangedOrders(server.db, new Date());
    const row = (await rowsOf(order.id)).find((r) => r.automationId === balanceId);
    expect(row).toMatchObject({ status: 'cancelled', reason: 'The order was cancelled.' });
    expect(
      await sendDueMessages(server.db, deps(), new Date(Number(pending?.dueAt.getTime()) + 1)),
    ).toBe(0);
  });

  it('holds a text due in quiet hours until the morning in the account timezone', async () => {
    const created = await apiCall<{ automation: { id: string; timing: string } }>(
      owner,
      'POST',
      '/api/email/automations',
      {
        name: 'Late-night reminder',
        trigger: 'before_event',
        offsetAmount: 1,
        offsetUnit: 'days',
        atTime: '22:30',
        channel: 'text',
        templateKey: 'event_reminder',
        statuses: ['reserved', 'confirmed'],
        tags: ['night'],
      },
    );
    expect(created.status).toBe(201);
    expect(created.body.automation.timing).toBe('1 day before the event starts, at 22:30');
    const order = await reservedOrder(10, { tags: ['night'] });
    await planChangedOrders(server.db, new Date());
    const row = (await rowsOf(order.id)).find((r) => r.automationId === created.body.automation.id);
    const due = row?.dueAt as Date;
    const chicago = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Chicago',
      weekday: 'short',
      hour: 'numeric',
      minute: '2-digit',
    });
    expect(chicago.format(due)).toMatch(/10:30 PM$/);

    expect(await sendDueMessages(server.db, deps(), due)).toBe(0);
    const held = (await rowsOf(order.id)).find((r) => r.id === row?.id);
    expect(held?.status).toBe('pending');
    expect(held?.reason).toBe('Held for quiet hours (21:00–08:00).');
    const morning = held?.dueAt as Date;
    expect(chicago.format(morning)).toMatch(/8:00 AM$/);
    expect(morning.getTime() - due.getTime()).toBe(9.5 * 3_600_000);
    const textsBefore = await server.db
      .select()
      .from(messages)
      .where(eq(messages.accountId, accountId));

    expect(await sendDueMessages(server.db, deps(), new Date(morning.getTime() + 1_000))).toBe(1);
    const sent = (await rowsOf(order.id)).find((r) => r.id === row?.id);
    expect(sent?.status).toBe('sent');
    const texts = await server.db.select().from(messages).where(eq(messages.accountId, accountId));
    expect(texts.length).toBe(textsBefore.length + 1);
    const text = texts.find((t) => t.id === sent?.textMessageId);
    expect(text?.body).toContain('A reminder that your rental is on');
    expect(text?.direction).toBe('outbound');
  });

  it('holds a text through a quiet window longer than the lateness grace, and still sends it', async () => {
    // 20:00–09:00 is 13 hours: lateness counts from when the text could first go (09:00).
    const settings = await apiCall<{ quietHours: { start: string; end: string } }>(
      owner,
      'GET',
      '/api/email/settings',
    );
    const long = await apiCall(owner, 'PUT', '/api/email/settings', {
      ...settings.body,
      quietHours: { start: '20:00', end: '09:00' },
    });
    expect(long.status).toBe(200);
    try {
      const created = await apiCall<{ automation: { id: string } }>(
        owner,
        'POST',
        '/api/email/automations',
        {
          name: 'Evening reminder',
          trigger: 'before_event',
          offsetAmount: 1,
          offsetUnit: 'days',
          atTime: '20:30',
          channel: 'text',
          templateKey: 'event_reminder',
          statuses: ['reserved', 'confirmed'],
          tags: ['long-night'],
        },
      );
      expect(created.status).toBe(201);
      const order = await reservedOrder(11, { tags: ['long-night'] });
      await planChangedOrders(server.db, new Date());
      const row = (await rowsOf(order.id)).find(
        (r) => r.automationId === created.body.automation.id,
      );
      const due = row?.dueAt as Date;
      expect(await sendDueMessages(server.db, deps(), due)).toBe(0);
      const held = (await rowsOf(order.id)).find((r) => r.id === row?.id);
      expect(held?.reason).toBe('Held for quiet hours (20:00–09:00).');
      const morning = held?.dueAt as Date;
      expect(morning.getTime() - due.getTime()).toBe(12.5 * 3_600_000);
      // The order is planned again in the morning (it changed overnight): still wanted.
      await planChangedOrders(server.db, new Date(morning.getTime() + 1_000));
      expect(await sendDueMessages(server.db, deps(), new Date(morning.getTime() + 1_000))).toBe(1);
      const sent = (await rowsOf(order.id)).find((r) => r.id === row?.id);
      expect(sent).toMatchObject({ status: 'sent', reason: null });
    } finally {
      await apiCall(owner, 'PUT', '/api/email/settings', settings.body);
    }
  });

  it('skips a text to a number that opted out, and a marketing text without consent', async () => {
    const [optedOut, neverTexted] = await createCustomers(server.db, accountId, 2, {
      firstName: 'Quiet',
    });
    await server.db
      .update(customersTable)
      .set({ phoneNumber: '+15550107790' })
      .where(eq(customersTable.id, optedOut?.id as string));
    await server.db
      .update(customersTable)
      .set({ phoneNumber: '+15550107791' })
      .where(eq(customersTable.id, neverTexted?.id as string));
    await server.db.insert(smsOptOuts).values({ accountId, phoneNumber: '+15550107790' });
    const reminder = await apiCall<{ automation: { id: string } }>(
      owner,
      'POST',
      '/api/email/automations',
      {
        name: 'Noon reminder',
        trigger: 'before_event',
        offsetAmount: 1,
        offsetUnit: 'days',
        atTime: '12:00',
        channel: 'text',
        templateKey: 'event_reminder',
        statuses: ['reserved', 'confirmed'],
        tags: ['consent'],
      },
    );
    const marketing = await apiCall<{ automation: { id: string } }>(
      owner,
      'POST',
      '/api/email/automations',
      {
        name: 'Come back by text',
        trigger: 'before_event',
        offsetAmount: 1,
        offsetUnit: 'days',
        atTime: '12:00',
        channel: 'text',
        templateKey: 'rebook',
        statuses: ['reserved', 'confirmed'],
        tags: ['consent'],
      },
    );
    expect([reminder.status, marketing.status]).toEqual([201, 201]);
    const stopped = await reservedOrder(13, { customerId: optedOut?.id, tags: ['consent'] });
    const unasked = await reservedOrder(13, { customerId: neverTexted?.id, tags: ['consent'] });
    await planChangedOrders(server.db, new Date());
    const rowFor = async (orderId: string, automation: string) =>
      (await rowsOf(orderId)).find((r) => r.automationId === automation);
    const due = (await rowFor(stopped.id, reminder.body.automation.id))?.dueAt as Date;
    await sendDueMessages(server.db, deps(), new Date(due.getTime() + 1_000));
    expect(await rowFor(stopped.id, reminder.body.automation.id)).toMatchObject({
      status: 'skipped',
      reason: 'The customer opted out of texts (STOP).',
    });
    expect(await rowFor(unasked.id, marketing.body.automation.id)).toMatchObject({
      status: 'skipped',
      reason: 'No consent to marketing texts: the customer never texted us.',
    });
    // The same customer's ordinary reminder is not marketing: it goes.
    expect(await rowFor(unasked.id, reminder.body.automation.id)).toMatchObject({
      status: 'sent',
    });
  });

  it('sends nothing to a muted order, and plans again when un-muted', async () => {
    const order = await reservedOrder(50);
    await planChangedOrders(server.db, new Date());
    const muted = await apiCall<{
      muted: boolean;
      scheduled: { status: string; reason: string | null }[];
    }>(owner, 'PUT', `/api/orders/${order.id}/messages/mute`, { muted: true });
    expect(muted.body.muted).toBe(true);
    expect(muted.body.scheduled.every((s) => s.status !== 'pending')).toBe(true);
    expect(
      muted.body.scheduled.some((s) => s.reason === 'Automated messages are muted on this order.'),
    ).toBe(true);
    const back = await apiCall<{ muted: boolean; scheduled: { status: string }[] }>(
      owner,
      'PUT',
      `/api/orders/${order.id}/messages/mute`,
      { muted: false },
    );
    expect(back.body.muted).toBe(false);
    expect(back.body.scheduled.some((s) => s.status === 'pending')).toBe(true);
  });

  it('previews what the automations would send this week', async () => {
    const order = await reservedOrder(8);
    const week = await apiCall<{ messages: { automationName: string; orderNumber: number }[] }>(
      owner,
      'GET',
      '/api/email/automations/week',
    );
    expect(week.status).toBe(200);
    expect(week.body.messages).toContainEqual(
      expect.objectContaining({ automationName: 'Balance due', orderNumber: order.number }),
    );
    const refused = await apiCall(
      owner,
      'DELETE',
      `/api/email/automations/${await automationId('rebook')}`,
    );
    expect(refused.status).toBe(409);
  });
});

describe('sending from an order, and the outbox', () => {
  it('texts the pay link from an order: a message in the thread and the order activity', async () => {
    const order = await reservedOrder(30);
    const sent = await apiCall<{ channel: string; to: string }>(
      owner,
      'POST',
      `/api/orders/${order.id}/send`,
      { templateKey: 'balance_due', channel: 'text' },
    );
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ channel: 'text', to: '+15550107788' });
    const texts = await server.db
      .select()
      .from(messages)
      .where(and(eq(messages.accountId, accountId), eq(messages.direction, 'outbound')));
    // The balance-due text carries the order page's pay link.
    const text = texts.find((t) => /\/o\/[^\s]+#pay/.test(t.body));
    expect(text?.body).toContain('The balance of');
    const activity = await apiCall<{
      activity: { action: string; detail: Record<string, unknown> }[];
    }>(owner, 'GET', `/api/orders/${order.id}/activity`);
    expect(activity.body.activity).toContainEqual(
      expect.objectContaining({
        action: 'message_sent',
        detail: expect.objectContaining({ channel: 'text', to: '+15550107788' }),
      }),
    );
  });

  it('e-mails a quote, finds it in the outbox by order number and status', async () => {
    const order = await reservedOrder(31);
    const sent = await apiCall(owner, 'POST', `/api/orders/${order.id}/send`, {
      templateKey: 'quote',
      channel: 'email',
    });
    expect(sent.status).toBe(201);
    type List = { emails: { id: string; status: string; orderNumber: number | null }[] };
    const found = await eventually(async () => {
      const list = await apiCall<List>(
        owner,
        'GET',
        `/api/email/messages?q=${order.number}&status=sent`,
      );
      return list.body.emails.find((e) => e.orderNumber === order.number);
    });
    expect(found.status).toBe('sent');
    const failed = await apiCall<List>(
      owner,
      'GET',
      `/api/email/messages?q=${order.number}&status=failed`,
    );
    expect(failed.body.emails).toEqual([]);
    expect(
      server.mailSandbox.messages().some((m) => m.subject.includes(String(order.number))),
    ).toBe(true);
  });

  it('keeps an e-mail the server refused for good as failed with its reason, and retries a temporary refusal', async () => {
    const [gone, busy] = await createCustomers(server.db, accountId, 2);
    server.mailSandbox.refuse({ to: gone?.email as string, code: 550 });
    server.mailSandbox.refuse({ to: busy?.email as string, code: 451, count: 1 });
    const goneOrder = await reservedOrder(32, { customerId: gone?.id });
    const busyOrder = await reservedOrder(33, { customerId: busy?.id });
    for (const order of [goneOrder, busyOrder]) {
      const sent = await apiCall(owner, 'POST', `/api/orders/${order.id}/send`, {
        templateKey: 'invoice',
        channel: 'email',
      });
      expect(sent.status).toBe(201);
    }
    const emailOf = async (orderId: string) =>
      (await server.db.select().from(emails).where(eq(emails.orderId, orderId)))[0];
    const failed = await eventually(async () => {
      const row = await emailOf(goneOrder.id);
      return row?.status === 'failed' ? row : null;
    });
    expect(failed.failure).toContain('Mailbox unavailable');
    const retried = await vi.waitFor(
      async () => {
        const row = await emailOf(busyOrder.id);
        if (row?.status !== 'sent') throw new Error('not sent yet');
        return row;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(retried.attempts).toBe(2);
    expect(server.mailSandbox.messages().filter((m) => m.to[0] === busy?.email)).toHaveLength(1);
    const list = await apiCall<{ emails: { failure: string | null }[] }>(
      owner,
      'GET',
      `/api/email/messages?status=failed&q=${goneOrder.number}`,
    );
    expect(list.body.emails).toEqual([expect.objectContaining({ status: 'failed' })]);
  });
});

// Two instances on one PostgreSQL database: each planned message is claimed by one of them.
describe.runIf(process.env.DATABASE_URL)('automations on two instances', () => {
  it('delivers each booking confirmation exactly once when both instances sweep at once', async () => {
    const other = await startTestServer({ databaseUrl: server.databaseUrl as string });
    try {
      const orders: Order[] = [];
      for (let i = 0; i < 6; i++) orders.push(await reservedOrder(60 + i));
      const now = awake();
      await Promise.all([planChangedOrders(server.db, now), planChangedOrders(other.db, now)]);
      await Promise.all([
        sendDueMessages(server.db, deps(), now),
        sendDueMessages(other.db, { appUrl: other.baseUrl }, now),
        sendDueMessages(server.db, deps(), now),
        sendDueMessages(other.db, { appUrl: other.baseUrl }, now),
      ]);
      const confirmations = () =>
        [...server.mailSandbox.messages(), ...other.mailSandbox.messages()].filter((m) =>
          orders.some(
            (o) => m.subject.startsWith('Your booking for') && m.subject.includes(`#${o.number})`),
          ),
        );
      await eventually(() => confirmations().length >= 6);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(confirmations()).toHaveLength(6);
    } finally {
      await other.close();
    }
  });
});
