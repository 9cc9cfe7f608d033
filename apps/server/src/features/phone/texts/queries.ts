import { formatPhone, isMessagingReady, normalizePhone } from '@tentpole/domain';
import { and, desc, eq, gt, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { memberships, users } from '../../../auth/tables.js';
import type { Db } from '../../../db/client.js';
import { type Executor, enqueue, type Tx } from '../../../jobs/job-queue.js';
import { publish } from '../../../realtime/event-hub.js';
import { customers } from '../../customers/tables.js';
import { customerByPhone } from '../queries.js';
import { phoneServices } from '../tables.js';
import { mediaOfMessages } from './media.js';
import { conversations, messages, smsOptOuts } from './tables.js';

/** The job that hands one stored outbound text to the carrier (jobs.ts runs it). */
export const JOB_SEND_SMS = 'send-sms';
/**
 * A customer's numbered reply ("1", "2", "3"…) to a text that offered choices: queued with the
 * inbound text, once per message, for the feature that asked (the weather board's offer today,
 * decision 0061). Payload: `NumberedReplyPayload`. Reach knows nothing of what the numbers mean.
 */
export const JOB_NUMBERED_REPLY = 'numbered-reply';
export type NumberedReplyPayload = {
  accountId: string;
  messageId: string;
  phoneNumber: string;
  body: string;
};
/** A reply that is a single number, as a customer types it ("2", " 3. ", "#1"). */
export const NUMBERED_REPLY = /^\s*#?\s*[1-9]\s*[.!)]?\s*$/;

export const CONVERSATION_LIST_LIMIT = 100;
export const MESSAGE_PAGE_SIZE = 50;
const PREVIEW_LENGTH = 140;

/**
 * The conversation with this number, made (and linked to its customer) on first contact. A
 * number several customers share links nobody: staff choose who it is (decision 0062).
 */
export async function conversationFor(tx: Tx | Db, accountId: string, phoneNumber: string) {
  const number = normalizePhone(phoneNumber);
  const customer = await customerByPhone(tx as Db, accountId, number);
  await tx
    .insert(conversations)
    .values({ accountId, phoneNumber: number, customerId: customer?.id ?? null })
    .onConflictDoNothing({ target: [conversations.accountId, conversations.phoneNumber] });
  const [row] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.accountId, accountId), eq(conversations.phoneNumber, number)));
  if (!row) throw new Error('conversation was not created');
  // A customer added after the first text is linked on the next one.
  if (!row.customerId && customer) {
    await tx
      .update(conversations)
      .set({ customerId: customer.id })
      .where(eq(conversations.id, row.id));
    row.customerId = customer.id;
  }
  return row;
}

export async function touchConversation(
  tx: Executor & Pick<Db, 'update'>,
  conversationId: string,
  message: { body: string; direction: 'inbound' | 'outbound'; at: Date },
) {
  await tx
    .update(conversations)
    .set({
      lastMessageAt: message.at,
      lastMessagePreview: message.body.slice(0, PREVIEW_LENGTH),
      lastMessageDirection: message.direction,
      // A customer's new text reopens a closed conversation (decision 0060): nothing they say
      // waits unseen under "Closed".
      ...(message.direction === 'inbound'
        ? { unreadCount: sql`${conversations.unreadCount} + 1`, status: 'open', closedAt: null }
        : {}),
    })
    .where(eq(conversations.id, conversationId));
}

export async function isOptedOut(db: Db | Tx, accountId: string, phoneNumber: string) {
  const rows = await db
    .select({ one: sql`1` })
    .from(smsOptOuts)
    .where(
      and(
        eq(smsOptOuts.accountId, accountId),
        eq(smsOptOuts.phoneNumber, normalizePhone(phoneNumber)),
      ),
    );
  return rows.length > 0;
}

export async function setOptOut(
  db: Db | Tx,
  accountId: string,
  phoneNumber: string,
  optedOut: boolean,
) {
  const number = normalizePhone(phoneNumber);
  if (optedOut) {
    await db.insert(smsOptOuts).values({ accountId, phoneNumber: number }).onConflictDoNothing();
  } else {
    await db
      .delete(smsOptOuts)
      .where(and(eq(smsOptOuts.accountId, accountId), eq(smsOptOuts.phoneNumber, number)));
  }
}

const displayName = (c: {
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string;
}) => (c.firstName ? `${c.firstName} ${c.lastName ?? ''}`.trim() : formatPhone(c.phoneNumber));

/**
 * The assignee, when they are still an active member of the account: a removed or suspended
 * member's conversations read as nobody's (and show under "Unassigned").
 */
const activeAssignee = (accountId: string) => sql`exists (select 1 from ${memberships} mb
  where mb.account_id = ${accountId} and mb.user_id = "conversations"."assignee_id"
    and mb.suspended_at is null)`;

/** A conversation's status and assignee (only while an active member) as a query reads them. */
const inboxColumns = (accountId: string) => ({
  status: conversations.status,
  assigneeId: sql<
    string | null
  >`case when ${activeAssignee(accountId)} then ${conversations.assigneeId} end`,
  assigneeName: sql<
    string | null
  >`(select u.name from ${users} u where u.id = "conversations"."assignee_id")`,
});

const inboxState = (row: {
  status: 'open' | 'closed';
  assigneeId: string | null;
  assigneeName: string | null;
}) => ({
  status: row.status,
  assignee: row.assigneeId ? { id: row.assigneeId, name: row.assigneeName ?? '' } : null,
});

/**
 * spec §7 GET /api/phone/text?filter=: the shared inbox's views (decision 0060): 'all' open
 * conversations, 'unread', 'mine' and 'unassigned' (open), 'closed'; anything else searches by
 * name, number or text, open and closed alike.
 */
export async function listConversations(db: Db, accountId: string, filter: string, userId: string) {
  const open = eq(conversations.status, 'open');
  let where: SQL | undefined;
  if (filter === 'all' || filter === '') where = open;
  else if (filter === 'unread') where = gt(conversations.unreadCount, 0);
  else if (filter === 'mine') where = and(open, eq(conversations.assigneeId, userId));
  else if (filter === 'unassigned')
    where = and(open, or(isNull(conversations.assigneeId), sql`not ${activeAssignee(accountId)}`));
  else if (filter === 'closed') where = eq(conversations.status, 'closed');
  else {
    const term = filter.toLowerCase();
    const escaped = `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const digits = term.replace(/\D/g, '');
    where = or(
      sql`lower(${customers.firstName} || ' ' || ${customers.lastName}) like ${escaped}`,
      digits.length >= 3 ? sql`${conversations.phoneNumber} like ${`%${digits}%`}` : undefined,
      // ILIKE on the body itself, which its trigram index serves (lower(body) would scan them all).
      sql`exists (select 1 from ${messages} m where m.conversation_id = "conversations"."id" and m.account_id = ${accountId} and m.body ilike ${escaped})`,
    );
  }
  const rows = await db
    .select({
      id: conversations.id,
      phoneNumber: conversations.phoneNumber,
      customerId: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      unreadCount: conversations.unreadCount,
      lastMessageAt: conversations.lastMessageAt,
      lastMessagePreview: conversations.lastMessagePreview,
      lastMessageDirection: conversations.lastMessageDirection,
      optedOut: sql<boolean>`exists (select 1 from ${smsOptOuts} o where o.account_id = ${accountId} and o.phone_number = "conversations"."phone_number")`,
      ...inboxColumns(accountId),
    })
    .from(conversations)
    .leftJoin(
      customers,
      and(eq(customers.id, conversations.customerId), eq(customers.accountId, accountId)),
    )
    .where(and(eq(conversations.accountId, accountId), where))
    .orderBy(sql`${conversations.lastMessageAt} desc nulls last`, desc(conversations.createdAt))
    .limit(CONVERSATION_LIST_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    phoneNumber: r.phoneNumber,
    displayName: displayName(r),
    customer: r.customerId
      ? { id: r.customerId, firstName: r.firstName ?? '', lastName: r.lastName ?? '' }
      : null,
    unreadCount: r.unreadCount,
    lastMessageAt: r.lastMessageAt?.toISOString() ?? null,
    lastMessagePreview: r.lastMessagePreview,
    lastMessageDirection: r.lastMessageDirection,
    optedOut: Boolean(r.optedOut),
    ...inboxState(r),
  }));
}

/** The conversation's state in the shared inbox, with an assignee only while they are a member. */
export async function conversationState(db: Db | Tx, accountId: string, conversationId: string) {
  const [row] = await db
    .select({
      id: conversations.id,
      ...inboxColumns(accountId),
    })
    .from(conversations)
    .where(and(eq(conversations.accountId, accountId), eq(conversations.id, conversationId)));
  return row ? { id: row.id, ...inboxState(row) } : null;
}

/**
 * Assigns, closes or reopens a conversation of the account (null when it is not one). The
 * assignee is checked by the caller; closing keeps the unread count as it is.
 */
export async function updateConversationState(
  db: Db,
  accountId: string,
  conversationId: string,
  change: { assigneeId?: string | null; status?: 'open' | 'closed' },
  now: Date,
) {
  const updated = await db
    .update(conversations)
    .set({
      ...(change.assigneeId !== undefined ? { assigneeId: change.assigneeId } : {}),
      ...(change.status === 'closed' ? { status: 'closed' as const, closedAt: now } : {}),
      ...(change.status === 'open' ? { status: 'open' as const, closedAt: null } : {}),
    })
    .where(and(eq(conversations.accountId, accountId), eq(conversations.id, conversationId)))
    .returning({ id: conversations.id });
  return updated.length > 0 ? conversationState(db, accountId, conversationId) : null;
}

export async function findConversation(db: Db, accountId: string, conversationId: string) {
  const [row] = await db
    .select({
      id: conversations.id,
      phoneNumber: conversations.phoneNumber,
      customerId: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
    })
    .from(conversations)
    .leftJoin(
      customers,
      and(eq(customers.id, conversations.customerId), eq(customers.accountId, accountId)),
    )
    .where(and(eq(conversations.accountId, accountId), eq(conversations.id, conversationId)));
  return row ? { ...row, displayName: displayName(row) } : null;
}

export const messageFields = {
  id: messages.id,
  direction: messages.direction,
  body: messages.body,
  status: messages.status,
  errorCode: messages.errorCode,
  errorMessage: messages.errorMessage,
  sentByUserId: messages.sentByUserId,
  sentByName: users.name,
  createdAt: messages.createdAt,
};

export type MessageRow = {
  id: string;
  direction: 'inbound' | 'outbound';
  body: string;
  status: string;
  errorCode: string | null;
  errorMessage: string | null;
  sentByUserId: string | null;
  sentByName: string | null;
  createdAt: Date;
};

export const toMessage = (m: MessageRow) => ({
  id: m.id,
  direction: m.direction,
  body: m.body,
  status: m.status,
  errorCode: m.errorCode,
  errorMessage: m.errorMessage,
  sentBy: m.sentByUserId ? { userId: m.sentByUserId, name: m.sentByName ?? '' } : null,
  createdAt: m.createdAt.toISOString(),
});

/** A page of messages, newest page first, oldest first within it; `before` pages back. */
export async function messagePage(
  db: Db,
  accountId: string,
  conversationId: string,
  before?: string,
) {
  const cursor = before ? new Date(before) : null;
  const rows = await db
    .select(messageFields)
    .from(messages)
    .leftJoin(users, eq(users.id, messages.sentByUserId))
    .where(
      and(
        eq(messages.accountId, accountId),
        eq(messages.conversationId, conversationId),
        cursor && !Number.isNaN(cursor.getTime()) ? lt(messages.createdAt, cursor) : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(MESSAGE_PAGE_SIZE + 1);
  const hasMore = rows.length > MESSAGE_PAGE_SIZE;
  const page = rows.slice(0, MESSAGE_PAGE_SIZE).reverse();
  const media = await mediaOfMessages(
    db,
    accountId,
    page.filter((m) => m.direction === 'inbound').map((m) => m.id),
  );
  return {
    hasMore,
    messages: page.map((m) => {
      const pictures = media.get(m.id);
      return pictures ? { ...toMessage(m), media: pictures } : toMessage(m);
    }),
  };
}

/** Marks a conversation read; true when it had unread texts. */
export async function markRead(
  db: Db,
  accountId: string,
  conversationId: string,
): Promise<boolean> {
  const changed = await db
    .update(conversations)
    .set({ unreadCount: 0 })
    .where(
      and(
        eq(conversations.accountId, accountId),
        eq(conversations.id, conversationId),
        gt(conversations.unreadCount, 0),
      ),
    )
    .returning({ id: conversations.id });
  return changed.length > 0;
}

export const CUSTOMER_MESSAGES_LIMIT = 200;

/** The customer's texts, newest first, with the conversation they belong to. */
export async function customerMessages(db: Db, accountId: string, customerId: string) {
  const rows = await db
    .select({ ...messageFields, conversationId: messages.conversationId })
    .from(messages)
    .innerJoin(
      conversations,
      and(eq(conversations.id, messages.conversationId), eq(conversations.accountId, accountId)),
    )
    .leftJoin(users, eq(users.id, messages.sentByUserId))
    .where(and(eq(messages.accountId, accountId), eq(conversations.customerId, customerId)))
    .orderBy(desc(messages.createdAt))
    .limit(CUSTOMER_MESSAGES_LIMIT);
  return rows.map((m) => ({ ...toMessage(m), conversationId: m.conversationId }));
}

export type AutomatedText =
  | { sent: true; messageId: string; conversationId: string }
  | { sent: false; reason: string };

/**
 * A text Tentpole sends on its own (an automation, a document sent by text), stored with its
 * send job in the caller's transaction, or the reason it may not go: no texting on the account,
 * the number opted out (STOP), or, for marketing, no consent (§8: a number that never texted
 * the business is not sent marketing).
 */
export async function queueAutomatedText(
  tx: Db | Tx,
  accountId: string,
  phoneNumber: string,
  body: string,
  options: {
    marketing: boolean;
    now: Date;
    sentByUserId?: string | null;
    /**
     * The words the carrier gets when they must differ from the thread's (`body`): a secret
     * link, such as an invitation's, that staff reading the conversation must not see. Kept
     * only in the send job's payload.
     */
    sendBody?: string;
  },
): Promise<AutomatedText> {
  const [service] = await tx
    .select({
      enabled: phoneServices.enabled,
      phoneNumber: phoneServices.phoneNumber,
      messagingStatus: phoneServices.messagingStatus,
    })
    .from(phoneServices)
    .where(eq(phoneServices.accountId, accountId));
  const ready = isMessagingReady({
    enabled: Boolean(service?.enabled && service.phoneNumber),
    messagingStatus: service?.messagingStatus ?? null,
    mobileClickToCall: false,
    currentUserPhoneNumber: null,
    businessNumber: service?.phoneNumber ?? null,
  });
  if (!ready) return { sent: false, reason: 'Texting is not enabled for this account.' };
  if (await isOptedOut(tx, accountId, phoneNumber))
    return { sent: false, reason: 'The customer opted out of texts (STOP).' };
  const number = normalizePhone(phoneNumber);
  if (options.marketing) {
    const [inbound] = await tx
      .select({ one: sql`1` })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(
        and(
          eq(conversations.accountId, accountId),
          eq(conversations.phoneNumber, number),
          eq(messages.direction, 'inbound'),
        ),
      )
      .limit(1);
    if (!inbound)
      return {
        sent: false,
        reason: 'No consent to marketing texts: the customer never texted us.',
      };
  }
  const conversation = await conversationFor(tx, accountId, number);
  const [message] = await tx
    .insert(messages)
    .values({
      accountId,
      conversationId: conversation.id,
      direction: 'outbound',
      body,
      status: 'queued',
      sentByUserId: options.sentByUserId ?? null,
      createdAt: options.now,
    })
    .returning({ id: messages.id });
  if (!message) throw new Error('message was not stored');
  await touchConversation(tx, conversation.id, { body, direction: 'outbound', at: options.now });
  await enqueue(
    tx,
    JOB_SEND_SMS,
    { messageId: message.id, ...(options.sendBody ? { body: options.sendBody } : {}) },
    `send:${message.id}`,
  );
  await publish(tx, accountId, { type: 'conversation.updated', conversationId: conversation.id });
  return { sent: true, messageId: message.id, conversationId: conversation.id };
}
