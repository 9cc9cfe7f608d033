import {
  type AccountSettings,
  accountSettingsSchema,
  businessProfileSchema,
  DEFAULT_DOCUMENT_SETTINGS,
  documentSettingsSchema,
  isKnownCurrency,
  isValidLocale,
  isValidTimeZone,
  orderSettingsSchema,
  PERMISSION_PREFIX,
  parsePlan,
  resolveLocale,
  type Team,
} from '@tentpole/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { accounts, memberships } from '../../auth/tables.js';
import type { Db } from '../../db/client.js';
import { accountLogos } from './tables.js';

export async function findAccountOverview(db: Db, accountId: string) {
  const [row] = await db
    .select({ settings: accounts.settings, planLevel: accounts.planLevel })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row ? { settings: row.settings ?? null, plan: { level: row.planLevel } } : null;
}

/** The user's accounts grouped as the spec's teams response: held first, then joined. */
export async function listTeams(db: Db, userId: string): Promise<Record<string, Team[]>> {
  const rows = await db
    .select({
      id: accounts.id,
      name: accounts.name,
      logo: accounts.logo,
      planLevel: accounts.planLevel,
      kind: memberships.kind,
    })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(accounts.name));
  const organizations: Record<string, Team[]> = { held: [], joined: [] };
  for (const { kind, planLevel, ...team } of rows) {
    organizations[kind === 'holder' ? 'held' : 'joined']?.push({
      ...team,
      plan: parsePlan(planLevel),
    });
  }
  return organizations;
}

const TRIAL_DAYS = 14;

/** A new account the user holds, on the free plan with a trial, with every permission. */
export async function createTeam(db: Db, userId: string, name: string, now: Date): Promise<Team> {
  return db.transaction(async (tx) => {
    const trialEnd = new Date(now.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
    const [account] = await tx
      .insert(accounts)
      .values({ name, planLevel: 'free', trialEndDate: trialEnd.toISOString().slice(0, 10) })
      .returning({
        id: accounts.id,
        name: accounts.name,
        logo: accounts.logo,
        planLevel: accounts.planLevel,
      });
    if (!account) throw new Error('account was not created');
    await tx.insert(memberships).values({
      accountId: account.id,
      userId,
      kind: 'holder',
      roles: [`${PERMISSION_PREFIX}*`],
    });
    return {
      id: account.id,
      name: account.name,
      logo: account.logo,
      plan: parsePlan(account.planLevel),
    };
  });
}

/** The account of this name (the demo's businesses are found this way by later seeders). */
export async function accountIdByName(db: Db, name: string): Promise<string> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.name, name))
    .orderBy(asc(accounts.createdAt))
    .limit(1);
  if (!row) throw new Error(`no account named ${name}`);
  return row.id;
}

const currencyOf = (settings: unknown): string => {
  const currency = (settings as { currency?: unknown } | null)?.currency;
  return typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? currency : 'USD';
};

/** The account's currency (ISO 4217) from its settings; USD when none is set. */
export async function accountCurrency(db: Db, accountId: string): Promise<string> {
  const [row] = await db
    .select({ settings: accounts.settings })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return currencyOf(row?.settings ?? null);
}

/**
 * The account's currency and locale in one read, as `accountCurrency` and `accountLocale` give
 * them: what money is shown in. One round trip instead of two on every read that formats money.
 */
export async function accountMoneyFormat(
  db: Db,
  accountId: string,
): Promise<{ currency: string; locale: string }> {
  const [row] = await db
    .select({ settings: accounts.settings })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const settings = row?.settings ?? null;
  return {
    currency: currencyOf(settings),
    locale: resolveLocale((settings as { locale?: unknown } | null)?.locale),
  };
}

/**
 * The account's locale (BCP 47) from its settings, which its documents, e-mails, texts and
 * pages format dates, numbers and money in; en-US when none is set or it is unusable.
 */
export async function accountLocale(db: Db, accountId: string): Promise<string> {
  const [row] = await db
    .select({ settings: accounts.settings })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return resolveLocale((row?.settings as { locale?: unknown } | null)?.locale);
}

/** The account's timezone (IANA) from its settings; UTC when none is set or it is unknown. */
export async function accountTimezone(db: Db, accountId: string): Promise<string> {
  const [row] = await db
    .select({ settings: accounts.settings })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const tz = (row?.settings as { timezone?: unknown } | null)?.timezone;
  return typeof tz === 'string' && isValidTimeZone(tz) ? tz : 'UTC';
}

/**
 * The account's name, identity and document settings (terms, contract clauses, invoice due days,
 * numbering prefix) for its documents, with defaults for what it never set.
 */
export async function accountDocumentSettings(db: Db, accountId: string) {
  const [row] = await db
    .select({ name: accounts.name, logo: accounts.logo, settings: accounts.settings })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const stored = (row?.settings ?? {}) as Record<string, unknown>;
  const documents = section(documentSettingsSchema, stored.documents, DEFAULT_DOCUMENT_SETTINGS);
  return {
    name: row?.name ?? '',
    logo: row?.logo ?? null,
    business: section(businessProfileSchema, stored.business, businessProfileSchema.parse({})),
    terms: documents.terms || null,
    contractClauses: documents.contractClauses || null,
    invoiceDueDays: documents.invoiceDueDays,
    numberPrefix: documents.numberPrefix,
  };
}

/** A stored section read with the schema's defaults; one that no longer parses reads as them. */
function section<T>(
  schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false } },
  value: unknown,
  fallback: T,
): T {
  const parsed = schema.safeParse(value ?? {});
  return parsed.success ? parsed.data : fallback;
}

/** §2: the settings `/account` edits, read with defaults for what the account never set. */
export async function readAccountSettings(
  db: Db,
  accountId: string,
): Promise<AccountSettings | null> {
  const [row] = await db
    .select({ name: accounts.name, settings: accounts.settings })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!row) return null;
  const stored = (row.settings ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    name: row.name,
    timezone: isValidTimeZone(text(stored.timezone)) ? text(stored.timezone) : 'UTC',
    currency: isKnownCurrency(text(stored.currency)) ? text(stored.currency) : 'USD',
    locale: isValidLocale(text(stored.locale)) ? text(stored.locale) : 'en-US',
    business: section(businessProfileSchema, stored.business, businessProfileSchema.parse({})),
    orders: section(orderSettingsSchema, stored.orders, orderSettingsSchema.parse({})),
    documents: section(documentSettingsSchema, stored.documents, DEFAULT_DOCUMENT_SETTINGS),
  };
}

/**
 * Saves `/account`'s settings in one statement: the name column, and its keys merged
 * into `accounts.settings`, so what other screens keep there (payments, messaging, the store,
 * delivery) is left as it is, even when they save at the same moment.
 */
export async function writeAccountSettings(
  db: Db,
  accountId: string,
  settings: AccountSettings,
): Promise<boolean> {
  // The logo is not among them: it changes only by upload (`logo.ts`).
  const { name, ...rest } = accountSettingsSchema.parse(settings);
  const rows = await db
    .update(accounts)
    .set({
      name,
      settings: sql`coalesce(${accounts.settings}, '{}'::jsonb) || ${JSON.stringify(rest)}::jsonb`,
    })
    .where(eq(accounts.id, accountId))
    .returning({ id: accounts.id });
  return rows.length > 0;
}

/** The account's uploaded logo (WebP), for the documents that print it; null without one. */
export async function accountLogoImage(db: Db, accountId: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ bytes: accountLogos.bytes })
    .from(accountLogos)
    .where(eq(accountLogos.accountId, accountId));
  return row?.bytes ?? null;
}
