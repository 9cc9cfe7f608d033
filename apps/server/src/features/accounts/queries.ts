import { PERMISSION_PREFIX, parsePlan, type Team } from '@tentpole/domain';
import { asc, eq } from 'drizzle-orm';
import { accounts, memberships } from '../../auth/tables.js';
import type { Db } from '../../db/client.js';

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

/** The account's currency (ISO 4217) from its settings; USD when none is set. */
export async function accountCurrency(db: Db, accountId: string): Promise<string> {
  const [row] = await db
    .select({ settings: accounts.settings })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const currency = (row?.settings as { currency?: unknown } | null)?.currency;
  return typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? currency : 'USD';
}

/** The account's timezone (IANA) from its settings; UTC when none is set or it is unknown. */
export async function accountTimezone(db: Db, accountId: string): Promise<string> {
  const [row] = await db
    .select({ settings: accounts.settings })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const tz = (row?.settings as { timezone?: unknown } | null)?.timezone;
  if (typeof tz !== 'string') return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz;
  } catch {
    return 'UTC';
  }
}

/** The account's name and its document settings (terms, invoice due days), with defaults. */
export async function accountDocumentSettings(db: Db, accountId: string) {
  const [row] = await db
    .select({ name: accounts.name, logo: accounts.logo, settings: accounts.settings })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const documents = (
    row?.settings as { documents?: { terms?: unknown; invoiceDueDays?: unknown } } | null
  )?.documents;
  return {
    name: row?.name ?? '',
    logo: row?.logo ?? null,
    terms: typeof documents?.terms === 'string' && documents.terms.trim() ? documents.terms : null,
    invoiceDueDays:
      typeof documents?.invoiceDueDays === 'number' && documents.invoiceDueDays >= 0
        ? documents.invoiceDueDays
        : 7,
  };
}
