import {
  DEFAULT_QUIET_HOURS,
  DEFAULT_TEMPLATES,
  type MessagingSettings,
  messagingSettingsSchema,
  TEMPLATE_KEYS,
  type TemplateInput,
  type TemplateKey,
} from '@tentpole/domain';
import { and, eq, sql } from 'drizzle-orm';
import { accounts } from '../../auth/tables.js';
import type { Db } from '../../db/client.js';
import { emailTemplates } from './tables.js';

/** §8: the account's templates, each its own edit or the text Tentpole ships. */
export async function accountTemplates(db: Db, accountId: string) {
  const edits = await db
    .select()
    .from(emailTemplates)
    .where(eq(emailTemplates.accountId, accountId));
  return TEMPLATE_KEYS.map((key) => {
    const edit = edits.find((e) => e.key === key);
    return {
      key,
      name: DEFAULT_TEMPLATES[key].name,
      subject: edit?.subject ?? DEFAULT_TEMPLATES[key].subject,
      body: edit?.body ?? DEFAULT_TEMPLATES[key].body,
      edited: Boolean(edit),
      updatedAt: edit?.updatedAt.toISOString() ?? null,
    };
  });
}

export async function accountTemplate(db: Db, accountId: string, key: TemplateKey) {
  const [edit] = await db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.accountId, accountId), eq(emailTemplates.key, key)));
  return {
    key,
    name: DEFAULT_TEMPLATES[key].name,
    subject: edit?.subject ?? DEFAULT_TEMPLATES[key].subject,
    body: edit?.body ?? DEFAULT_TEMPLATES[key].body,
    edited: Boolean(edit),
    updatedAt: edit?.updatedAt.toISOString() ?? null,
  };
}

export async function saveTemplate(
  db: Db,
  accountId: string,
  key: TemplateKey,
  input: TemplateInput,
  userId: string,
  now: Date,
) {
  await db
    .insert(emailTemplates)
    .values({ accountId, key, ...input, updatedBy: userId, updatedAt: now })
    .onConflictDoUpdate({
      target: [emailTemplates.accountId, emailTemplates.key],
      set: { ...input, updatedBy: userId, updatedAt: now },
    });
  return accountTemplate(db, accountId, key);
}

/** Back to the shipped text. */
export async function resetTemplate(db: Db, accountId: string, key: TemplateKey) {
  await db
    .delete(emailTemplates)
    .where(and(eq(emailTemplates.accountId, accountId), eq(emailTemplates.key, key)));
  return accountTemplate(db, accountId, key);
}

/** Quiet hours and the review link (accounts.settings → messaging), with defaults. */
export async function messagingSettings(db: Db, accountId: string): Promise<MessagingSettings> {
  const [row] = await db
    .select({ settings: sql<unknown>`${accounts.settings}->'messaging'` })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const stored = (row?.settings ?? {}) as Partial<MessagingSettings>;
  const parsed = messagingSettingsSchema.safeParse({
    quietHours: stored.quietHours ?? DEFAULT_QUIET_HOURS,
    reviewLink: stored.reviewLink ?? null,
  });
  return parsed.success ? parsed.data : { quietHours: DEFAULT_QUIET_HOURS, reviewLink: null };
}

export async function saveMessagingSettings(
  db: Db,
  accountId: string,
  settings: MessagingSettings,
) {
  await db
    .update(accounts)
    .set({
      settings: sql`jsonb_set(coalesce(${accounts.settings}, '{}'::jsonb), '{messaging}', ${JSON.stringify(settings)}::jsonb)`,
    })
    .where(eq(accounts.id, accountId));
  return messagingSettings(db, accountId);
}
