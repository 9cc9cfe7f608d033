import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { accounts } from '../../auth/tables.js';
import type { Db } from '../../db/client.js';
import { enqueue, PermanentJobError } from '../../jobs/job-queue.js';
import { isPermanentMailError } from '../../mail/mailer.js';
import { defineJob, type JobDeps } from '../feature.js';
import { planChangedOrders, sendDueMessages } from './automations.js';
import { EMAIL_MAX_ATTEMPTS, JOB_SEND_EMAIL } from './queries.js';
import { emails } from './tables.js';

export const JOB_AUTOMATIONS = 'run-automations';
const AUTOMATIONS_EVERY_MS = 60_000;

const quoteName = (name: string) => `"${name.replace(/["\\\r\n]/g, '')}"`;

/**
 * Sends one stored e-mail. Sent ones are skipped (a job run twice sends once); the Message-ID
 * is the e-mail's id, so a resend after a crash between the server's "250 OK" and marking it
 * sent is the same message to the receiver, which keeps it once. A temporary failure is
 * retried with the queue's backoff; a permanent one (5xx) is kept with its reason.
 */
export function emailJobs({ db, mailer, appUrl }: JobDeps) {
  return [
    defineJob({
      kind: JOB_AUTOMATIONS,
      payload: z.object({}),
      async run() {
        // §8: plan the orders that changed, then send what is due (each claimed once).
        const now = new Date();
        await planChangedOrders(db, now);
        await sendDueMessages(db, { appUrl }, now);
      },
    }),
    defineJob({
      kind: JOB_SEND_EMAIL,
      payload: z.object({ emailId: z.uuid() }),
      async run({ emailId }, { attempt }) {
        const [email] = await db
          .select({
            id: emails.id,
            status: emails.status,
            to: emails.toAddress,
            subject: emails.subject,
            html: emails.html,
            text: emails.text,
            accountName: accounts.name,
          })
          .from(emails)
          .innerJoin(accounts, eq(accounts.id, emails.accountId))
          .where(eq(emails.id, emailId))
          .limit(1);
        if (email?.status !== 'queued') return;
        await db
          .update(emails)
          .set({ attempts: sql`${emails.attempts} + 1` })
          .where(eq(emails.id, emailId));
        if (!mailer) {
          await db
            .update(emails)
            .set({ status: 'failed', failure: 'No mail server is configured (SMTP_URL).' })
            .where(eq(emails.id, emailId));
          return;
        }
        try {
          await mailer.send({
            from: `${quoteName(email.accountName)} <${mailer.fromAddress}>`,
            to: email.to,
            subject: email.subject,
            text: email.text,
            html: email.html,
            messageId: `<email-${email.id}@tentpole>`,
          });
        } catch (error) {
          if (isPermanentMailError(error)) {
            await db
              .update(emails)
              .set({ status: 'failed', failure: (error as Error).message.slice(0, 500) })
              .where(eq(emails.id, emailId));
            throw new PermanentJobError((error as Error).message);
          }
          // A temporary failure is retried; its reason is kept on the row meanwhile, and the
          // last try's failure is the e-mail's, so the outbox never shows it queued for ever.
          const reason = (error as Error).message.slice(0, 500);
          const last = attempt >= EMAIL_MAX_ATTEMPTS;
          await db
            .update(emails)
            .set(last ? { status: 'failed', failure: reason } : { failure: reason })
            .where(eq(emails.id, emailId));
          throw error;
        }
        await db
          .update(emails)
          .set({ status: 'sent', sentAt: new Date(), failure: null })
          .where(eq(emails.id, emailId));
      },
    }),
  ];
}

/** Every minute, on whichever instance asks first: plan changed orders, send due messages. */
export function emailSchedules(db: Db) {
  return [
    {
      everyMs: AUTOMATIONS_EVERY_MS,
      run: (now: Date) => {
        const period = Math.floor(now.getTime() / AUTOMATIONS_EVERY_MS);
        return enqueue(db, JOB_AUTOMATIONS, {}, `${JOB_AUTOMATIONS}:${period}`);
      },
    },
  ];
}
