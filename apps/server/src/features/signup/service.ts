import {
  businessSlug,
  EMAIL_TAKEN_MESSAGE,
  EMAIL_VERIFICATION_HOURS,
  EVERY_PERMISSION,
  SIGN_UP_PLAN,
  SIGN_UP_TRIAL_DAYS,
  type SignUpInput,
  type SignUpResponse,
} from '@tentpole/domain';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { hashLinkToken, newLinkToken } from '../../auth/link-tokens.js';
import { hashPassword } from '../../auth/password.js';
import { accounts, memberships, users } from '../../auth/tables.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { isUniqueViolation } from '../../http/db-errors.js';
import { escapeHtml } from '../../http/escape-html.js';
import { hit, type Limit } from '../../http/rate-limit.js';
import type { Tx } from '../../jobs/job-queue.js';
import { queueEmail } from '../emails/queries.js';
import { accountOnboarding, emailVerifications } from './tables.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const INVALID_LINK = 'This link is no longer valid. Sign in and ask for a new one.';

// As the sign-in's limits (20 failures per address, 5 per e-mail, in 15 minutes): every try
// counts, taken e-mail or not, so sign-up tells whether an e-mail has a sign-in no faster
// than the sign-in page lets anyone guess passwords (decision 0065).
const WINDOW_MS = 15 * 60_000;
/** Sign-ups from one address: a business signs up once, a script trying e-mails many times. */
export const SIGN_UPS_PER_ADDRESS: Limit = {
  name: 'sign-ups-per-address',
  max: 20,
  windowMs: WINDOW_MS,
  message: 'Too many sign-ups from here. Try again in a few minutes.',
};
/** Tries with one e-mail. */
export const SIGN_UPS_PER_EMAIL: Limit = {
  name: 'sign-ups-per-email',
  max: 5,
  windowMs: WINDOW_MS,
  message: 'Too many sign-ups with this e-mail. Try again in a few minutes.',
};
/** Verification e-mails a user may ask for again. */
export const VERIFICATION_RESENDS: Limit = {
  name: 'verification-resends-per-user',
  max: 3,
  windowMs: HOUR_MS,
  message: 'You asked for several links already. Check your inbox, or try again in an hour.',
};

export type SignUpDeps = { appUrl: string; now: Date; address: string };

/**
 * A new verification link for the user, queued with its e-mail in the caller's transaction
 * (the outbox sends it once, whatever happens to this instance); the user's earlier links
 * stop working.
 */
async function issueVerification(
  tx: Tx,
  to: { userId: string; email: string; name: string; accountId: string; business: string },
  { appUrl, now }: { appUrl: string; now: Date },
) {
  const token = newLinkToken();
  await tx
    .update(emailVerifications)
    .set({ revokedAt: now })
    .where(
      and(
        eq(emailVerifications.userId, to.userId),
        isNull(emailVerifications.usedAt),
        isNull(emailVerifications.revokedAt),
      ),
    );
  await tx.insert(emailVerifications).values({
    userId: to.userId,
    email: to.email,
    tokenHash: hashLinkToken(token),
    expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION_HOURS * HOUR_MS),
  });
  const link = `${appUrl}/verify-email/${token}`;
  const subject = 'Confirm your e-mail for Tentpole';
  const text = `Hi ${to.name},\n\nConfirm that ${to.email} is yours to finish setting up ${to.business} on Tentpole:\n${link}\n\nThe link works once and expires in ${EMAIL_VERIFICATION_HOURS} hours. If you did not sign up for Tentpole, ignore this e-mail.`;
  const html = `<p>Hi ${escapeHtml(to.name)},</p><p>Confirm that ${escapeHtml(to.email)} is yours to finish setting up <strong>${escapeHtml(to.business)}</strong> on Tentpole.</p><p><a href="${escapeHtml(link)}">Confirm my e-mail</a></p><p>The link works once and expires in ${EMAIL_VERIFICATION_HOURS} hours. If you did not sign up for Tentpole, ignore this e-mail.</p>`;
  await queueEmail(tx, {
    accountId: to.accountId,
    kind: 'email_verification',
    to: to.email,
    subject,
    text,
    html,
  });
}

/**
 * A slug for the business free among all accounts: name, name-2, name-3, … Taken under a
 * transaction lock on the name, so two businesses of the same name signing up at the same
 * moment get different ones.
 */
async function freeSlug(tx: Tx, businessName: string): Promise<string> {
  const base = businessSlug(businessName);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`account slug ${base}`}))`);
  const rows = await tx
    .select({ slug: accounts.slug })
    .from(accounts)
    .where(sql`${accounts.slug} = ${base} or ${accounts.slug} like ${`${base}-%`}`);
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

const emailTaken = () =>
  new AppError('conflict', `${EMAIL_TAKEN_MESSAGE}. Sign in instead.`, {
    email: [EMAIL_TAKEN_MESSAGE],
  });

async function userExists(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  return Boolean(row);
}

/**
 * Issue 23 item 5: the user, their business's account (core plan, 14-day trial) and their
 * owner membership, in one transaction, with the verification e-mail queued in it. An e-mail
 * already taken is refused by the unique index on lower(email), so two sign-ups with the same
 * e-mail at the same moment make one user: the second waits for the first and is refused.
 */
export async function signUp(
  db: Db,
  input: SignUpInput,
  deps: SignUpDeps,
): Promise<SignUpResponse> {
  await hit(db, SIGN_UPS_PER_ADDRESS, deps.address, deps.now);
  await hit(db, SIGN_UPS_PER_EMAIL, input.email, deps.now);
  // Checked first so a taken e-mail costs no password hash; the index decides a race.
  if (await userExists(db, input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password);
  const trialEnd = new Date(deps.now.getTime() + SIGN_UP_TRIAL_DAYS * DAY_MS);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: input.email, name: input.name, passwordHash })
        .returning({ id: users.id });
      if (!user) throw new Error('user not created');
      const slug = await freeSlug(tx, input.businessName);
      const [account] = await tx
        .insert(accounts)
        .values({
          name: input.businessName,
          slug,
          planLevel: SIGN_UP_PLAN,
          trialEndDate: trialEnd.toISOString().slice(0, 10),
        })
        .returning({ id: accounts.id });
      if (!account) throw new Error('account not created');
      await tx.insert(memberships).values({
        accountId: account.id,
        userId: user.id,
        kind: 'holder',
        roles: [EVERY_PERMISSION],
      });
      await tx.insert(accountOnboarding).values({ accountId: account.id, startedAt: deps.now });
      await issueVerification(
        tx,
        {
          userId: user.id,
          email: input.email,
          name: input.name,
          accountId: account.id,
          business: input.businessName,
        },
        deps,
      );
      return { email: input.email, accountId: account.id, slug };
    });
  } catch (error) {
    if (isUniqueViolation(error) && (await userExists(db, input.email))) throw emailTaken();
    throw error;
  }
}

/**
 * Uses a verification link, once: the update that marks it used is the check, so two clicks
 * cannot both use it. The user's address is verified only while it is still the one the link
 * was sent to.
 */
export async function verifyEmail(db: Db, token: string, now: Date) {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(emailVerifications)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerifications.tokenHash, hashLinkToken(token)),
          isNull(emailVerifications.usedAt),
          isNull(emailVerifications.revokedAt),
          gt(emailVerifications.expiresAt, now),
        ),
      )
      .returning({ userId: emailVerifications.userId, email: emailVerifications.email });
    if (!link) throw new AppError('not_found', INVALID_LINK);
    const verified = await tx
      .update(users)
      .set({
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(and(eq(users.id, link.userId), sql`lower(${users.email}) = ${link.email}`))
      .returning({ email: users.email });
    if (verified.length === 0) throw new AppError('not_found', INVALID_LINK);
    // Any other link of the user's is spent with it.
    await tx
      .update(emailVerifications)
      .set({ revokedAt: now })
      .where(
        and(
          eq(emailVerifications.userId, link.userId),
          isNull(emailVerifications.usedAt),
          isNull(emailVerifications.revokedAt),
        ),
      );
    return { email: link.email };
  });
}

/** A new link for the signed-in user, within the hour's limit; refused once verified. */
export async function resendVerification(
  db: Db,
  user: { id: string; accountId: string },
  deps: { appUrl: string; now: Date },
) {
  const [row] = await db
    .select({
      email: users.email,
      name: users.name,
      verifiedAt: users.emailVerifiedAt,
      business: accounts.name,
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, user.accountId))
    .where(eq(users.id, user.id));
  if (!row) throw new AppError('not_found', 'User not found');
  if (row.verifiedAt) throw new AppError('conflict', 'Your e-mail is already verified.');
  await hit(db, VERIFICATION_RESENDS, user.id, deps.now);
  await db.transaction((tx) =>
    issueVerification(
      tx,
      {
        userId: user.id,
        email: row.email.toLowerCase(),
        name: row.name,
        accountId: user.accountId,
        business: row.business,
      },
      deps,
    ),
  );
  return { sentTo: row.email };
}

/** Hides the checklist for everyone in the account. */
export async function dismissChecklist(db: Db, accountId: string, userId: string, now: Date) {
  await db
    .update(accountOnboarding)
    .set({ dismissedAt: now, dismissedBy: userId })
    .where(and(eq(accountOnboarding.accountId, accountId), isNull(accountOnboarding.dismissedAt)));
}
