import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { enqueue, type Tx } from '../../jobs/job-queue.js';
import { emails } from './tables.js';

export const JOB_SEND_EMAIL = 'send-email';

export type EmailToQueue = {
  accountId: string;
  orderId?: string | null;
  customerId?: string | null;
  /** What it is (pay_link, receipt, payment_failed…): the outbox's filter and the journey's. */
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
};

/**
 * The e-mails feature's surface for others: an e-mail stored with its send job, in the
 * caller's transaction (so the change that causes it and the e-mail commit together), sent
 * once by whichever instance's worker takes the job.
 */
export async function queueEmail(tx: Db | Tx, email: EmailToQueue): Promise<string> {
  const [row] = await tx
    .insert(emails)
    .values({
      accountId: email.accountId,
      orderId: email.orderId ?? null,
      customerId: email.customerId ?? null,
      kind: email.kind,
      toAddress: email.to,
      subject: email.subject,
      html: email.html,
      text: email.text,
    })
    .returning({ id: emails.id });
  if (!row) throw new Error('e-mail not stored');
  await enqueue(tx, JOB_SEND_EMAIL, { emailId: row.id }, `email:${row.id}`, { maxAttempts: 8 });
  return row.id;
}

/** An order's e-mails, newest first. */
export async function orderEmails(db: Db, accountId: string, orderId: string) {
  return db
    .select({
      id: emails.id,
      kind: emails.kind,
      to: emails.toAddress,
      subject: emails.subject,
      status: emails.status,
      failure: emails.failure,
      createdAt: emails.createdAt,
      sentAt: emails.sentAt,
    })
    .from(emails)
    .where(and(eq(emails.accountId, accountId), eq(emails.orderId, orderId)))
    .orderBy(desc(emails.createdAt))
    .limit(50);
}
