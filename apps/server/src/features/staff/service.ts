import {
  type AcceptInviteInput,
  can,
  EVERY_PERMISSION,
  INVITE_LIFETIME_DAYS,
  INVITE_LINK_HIDDEN,
  type InviteInput,
  isOwner,
  LAST_OWNER_MESSAGE,
  type MemberAccess,
  normalizePhone,
  permissionString,
  rolePreset,
} from '@tentpole/domain';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { hashLinkToken, newLinkToken } from '../../auth/link-tokens.js';
import { hashPassword } from '../../auth/password.js';
import { accounts, memberships, users } from '../../auth/tables.js';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import { isUniqueViolation } from '../../http/db-errors.js';
import { escapeHtml } from '../../http/escape-html.js';
import type { Tx } from '../../jobs/job-queue.js';
import { holdPlanRoom } from '../billing/queries.js';
import { queueEmail } from '../emails/queries.js';
import { queueAutomatedText } from '../phone/texts/queries.js';
import { findMember, findOpenInvite } from './queries.js';
import { staffInvites } from './tables.js';

/** Who is changing the team: their id and their roles in the account. */
export type Actor = { id: string; name: string; roles: readonly string[] };

const DAY_MS = 86_400_000;
const INVALID_INVITE = 'This invitation is no longer valid. Ask for a new one.';

/** The role strings for a preset or a custom set of permissions. */
export function rolesFor(access: MemberAccess): string[] {
  if (access.preset !== 'custom') return [...rolePreset(access.preset).roles];
  return [...new Set(access.permissions)].sort().map(permissionString);
}

/**
 * What a member who is not an owner may hand out: only permissions they hold themselves, and
 * never Owner (otherwise anyone with staff.others.write could make themselves an owner).
 */
function checkMayGrant(actor: Actor, roles: readonly string[]) {
  if (isOwner(actor.roles)) return;
  if (isOwner(roles)) throw new AppError('forbidden', 'Only an owner can make someone an owner.');
  const missing = roles.find((r) => !can(actor.roles, r));
  if (missing) {
    throw new AppError('forbidden', `You cannot give a permission you do not have (${missing}).`);
  }
}

/**
 * Locks the account's team: every change that could leave it without an owner takes this row
 * lock first, so two owners demoting each other at the same moment are serialised and the
 * second sees the first's change (spec §12: at least one owner always).
 */
async function lockTeam(tx: Tx, accountId: string) {
  await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('update');
}

/** Refuses when the member is the account's last active owner and would stop being one. */
async function keepAnOwner(tx: Tx, accountId: string, userId: string) {
  const [others] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(memberships)
    .where(
      and(
        eq(memberships.accountId, accountId),
        ne(memberships.userId, userId),
        isNull(memberships.suspendedAt),
        sql`${memberships.roles} @> array[${EVERY_PERMISSION}]::text[]`,
      ),
    );
  if ((others?.count ?? 0) === 0) throw new AppError('conflict', LAST_OWNER_MESSAGE);
}

/**
 * The member's row under the team lock, or 404. When the change would leave the account without
 * an active owner it is refused first (409, whoever asks); then a member who is not (or, since a
 * concurrent change, no longer) an owner cannot change an owner: the actor's roles are re-read
 * under the lock rather than taken from their session.
 */
async function targetMember(
  tx: Tx,
  accountId: string,
  userId: string,
  actor: Actor,
  endsOwnership: (row: { roles: string[]; suspendedAt: Date | null }) => boolean,
) {
  await lockTeam(tx, accountId);
  const [row] = await tx
    .select({ roles: memberships.roles, suspendedAt: memberships.suspendedAt })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
  if (!row) throw notFound('Member');
  if (isOwner(row.roles) && !row.suspendedAt && endsOwnership(row)) {
    await keepAnOwner(tx, accountId, userId);
  }
  if (isOwner(row.roles)) {
    const [self] = await tx
      .select({ roles: memberships.roles })
      .from(memberships)
      .where(
        and(
          eq(memberships.accountId, accountId),
          eq(memberships.userId, actor.id),
          isNull(memberships.suspendedAt),
        ),
      );
    if (!self || !isOwner(self.roles)) {
      throw new AppError('forbidden', 'Only an owner can change an owner.');
    }
  }
  return row;
}

async function memberAfter(tx: Tx, accountId: string, userId: string, actor: Actor) {
  const member = await findMember(tx, accountId, userId, actor.id);
  if (!member) throw notFound('Member');
  return member;
}

/** A member's preset or custom permissions. */
export async function changeAccess(
  db: Db,
  accountId: string,
  userId: string,
  access: MemberAccess,
  actor: Actor,
) {
  const roles = rolesFor(access);
  checkMayGrant(actor, roles);
  return db.transaction(async (tx) => {
    await targetMember(tx, accountId, userId, actor, () => !isOwner(roles));
    await tx
      .update(memberships)
      .set({ roles })
      .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
    return memberAfter(tx, accountId, userId, actor);
  });
}

/** Suspends a member: their sessions end at once (a trigger) and they keep their place. */
export async function suspendMember(
  db: Db,
  accountId: string,
  userId: string,
  actor: Actor,
  now: Date,
) {
  if (userId === actor.id) throw new AppError('conflict', 'You cannot suspend yourself.');
  return db.transaction(async (tx) => {
    const current = await targetMember(tx, accountId, userId, actor, () => true);
    if (!current.suspendedAt) {
      await tx
        .update(memberships)
        .set({ suspendedAt: now })
        .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
    }
    return memberAfter(tx, accountId, userId, actor);
  });
}

export async function reinstateMember(db: Db, accountId: string, userId: string, actor: Actor) {
  return db.transaction(async (tx) => {
    const target = await targetMember(tx, accountId, userId, actor, () => false);
    // A suspended member brought back takes a seat again.
    if (target.suspendedAt) await holdPlanRoom(tx, accountId, 'seats', new Date());
    await tx
      .update(memberships)
      .set({ suspendedAt: null })
      .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
    return memberAfter(tx, accountId, userId, actor);
  });
}

/** Removes a member from the account: their sessions end at once (a trigger). */
export async function removeMember(db: Db, accountId: string, userId: string, actor: Actor) {
  await db.transaction(async (tx) => {
    await targetMember(tx, accountId, userId, actor, () => true);
    await tx
      .delete(memberships)
      .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
  });
}

export type InviteDeps = { appUrl: string; now: Date };

/** The invitation's message, by e-mail or text, queued in the same transaction as its token. */
async function sendInvite(
  tx: Tx,
  accountId: string,
  invite: { via: 'email' | 'text'; email: string | null; phoneNumber: string | null },
  token: string,
  actor: Actor,
  { appUrl, now }: InviteDeps,
) {
  const [account] = await tx
    .select({ name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const business = account?.name ?? 'a team';
  const link = `${appUrl}/invite/${token}`;
  if (invite.via === 'email') {
    const subject = `${actor.name} invited you to join ${business} on Tentpole`;
    const text = `${actor.name} invited you to join ${business} on Tentpole.\n\nAccept the invitation: ${link}\n\nThe link works once and expires in ${INVITE_LIFETIME_DAYS} days.`;
    const html = `<p>${escapeHtml(actor.name)} invited you to join <strong>${escapeHtml(business)}</strong> on Tentpole.</p><p><a href="${escapeHtml(link)}">Accept the invitation</a></p><p>The link works once and expires in ${INVITE_LIFETIME_DAYS} days.</p>`;
    await queueEmail(tx, {
      accountId,
      kind: 'staff_invite',
      to: invite.email ?? '',
      subject,
      text,
      html,
    });
    return;
  }
  const words = (url: string) =>
    `${actor.name} invited you to join ${business} on Tentpole: ${url} (expires in ${INVITE_LIFETIME_DAYS} days)`;
  // The link is a key to the account: the invitee's phone gets it, the team's thread does not.
  const result = await queueAutomatedText(
    tx,
    accountId,
    invite.phoneNumber ?? '',
    words(`${appUrl}/invite/${INVITE_LINK_HIDDEN}`),
    { marketing: false, now, sentByUserId: actor.id, sendBody: words(link) },
  );
  if (!result.sent) throw new AppError('conflict', `The text could not be sent. ${result.reason}`);
}

/** Invites someone by e-mail or text link; an earlier open invitation to them is replaced. */
export async function createInvite(
  db: Db,
  accountId: string,
  input: InviteInput,
  actor: Actor,
  deps: InviteDeps,
) {
  const roles = rolesFor(input);
  checkMayGrant(actor, roles);
  const email = input.via === 'email' ? (input.email ?? null) : null;
  const phoneNumber = input.via === 'text' ? normalizePhone(input.phoneNumber ?? '') : null;
  const token = newLinkToken();
  return db.transaction(async (tx) => {
    if (email) {
      const [already] = await tx
        .select({ one: sql`1` })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.accountId, accountId), sql`lower(${users.email}) = ${email}`));
      if (already) throw new AppError('conflict', `${email} is already a member of this team.`);
    }
    await tx
      .update(staffInvites)
      .set({ revokedAt: deps.now })
      .where(
        and(
          eq(staffInvites.accountId, accountId),
          isNull(staffInvites.acceptedAt),
          isNull(staffInvites.revokedAt),
          email ? eq(staffInvites.email, email) : eq(staffInvites.phoneNumber, phoneNumber ?? ''),
        ),
      );
    // The invitation takes a seat: counted after the one it replaces is revoked.
    await holdPlanRoom(tx, accountId, 'seats', deps.now);
    const [row] = await tx
      .insert(staffInvites)
      .values({
        accountId,
        via: input.via,
        email,
        phoneNumber,
        roles,
        tokenHash: hashLinkToken(token),
        invitedBy: actor.id,
        sentAt: deps.now,
        expiresAt: new Date(deps.now.getTime() + INVITE_LIFETIME_DAYS * DAY_MS),
      })
      .returning({ id: staffInvites.id });
    if (!row) throw new Error('invitation not stored');
    await sendInvite(tx, accountId, { via: input.via, email, phoneNumber }, token, actor, deps);
    const invite = await findOpenInvite(tx, accountId, row.id, deps.now);
    if (!invite) throw new Error('invitation not stored');
    return invite;
  });
}

/** Sends an invitation again with a new link (the old one stops working) and a new expiry. */
export async function resendInvite(
  db: Db,
  accountId: string,
  id: string,
  actor: Actor,
  deps: InviteDeps,
) {
  const token = newLinkToken();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffInvites)
      .set({
        tokenHash: hashLinkToken(token),
        sentAt: deps.now,
        expiresAt: new Date(deps.now.getTime() + INVITE_LIFETIME_DAYS * DAY_MS),
      })
      .where(
        and(
          eq(staffInvites.accountId, accountId),
          eq(staffInvites.id, id),
          isNull(staffInvites.acceptedAt),
          isNull(staffInvites.revokedAt),
        ),
      )
      .returning({
        via: staffInvites.via,
        email: staffInvites.email,
        phoneNumber: staffInvites.phoneNumber,
        roles: staffInvites.roles,
      });
    if (!row) throw notFound('Invitation');
    checkMayGrant(actor, row.roles);
    await sendInvite(tx, accountId, row, token, actor, deps);
    const invite = await findOpenInvite(tx, accountId, id, deps.now);
    if (!invite) throw notFound('Invitation');
    return invite;
  });
}

export async function revokeInvite(db: Db, accountId: string, id: string, now: Date) {
  const rows = await db
    .update(staffInvites)
    .set({ revokedAt: now })
    .where(
      and(
        eq(staffInvites.accountId, accountId),
        eq(staffInvites.id, id),
        isNull(staffInvites.acceptedAt),
        isNull(staffInvites.revokedAt),
      ),
    )
    .returning({ id: staffInvites.id });
  if (rows.length === 0) throw notFound('Invitation');
}

/**
 * Takes the invitation for this token, once: the update that marks it accepted is the check,
 * so two answers to the same link cannot both join.
 */
async function claimInvite(tx: Tx, token: string, userId: string | null, now: Date) {
  const [row] = await tx
    .update(staffInvites)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(
      and(
        eq(staffInvites.tokenHash, hashLinkToken(token)),
        isNull(staffInvites.acceptedAt),
        isNull(staffInvites.revokedAt),
        gt(staffInvites.expiresAt, now),
      ),
    )
    .returning({
      id: staffInvites.id,
      accountId: staffInvites.accountId,
      email: staffInvites.email,
      roles: staffInvites.roles,
    });
  if (!row) throw new AppError('not_found', INVALID_INVITE);
  return row;
}

/** The invitee's new Tentpole sign-in, a member of the account with the invitation's roles. */
export async function acceptInvite(db: Db, token: string, input: AcceptInviteInput, now: Date) {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const invite = await claimInvite(tx, token, null, now);
      // An e-mail invitation is for its address; a text one lets the invitee give theirs.
      const email = invite.email ?? input.email;
      const [user] = await tx
        .insert(users)
        .values({ email, name: input.name, passwordHash })
        .returning({ id: users.id });
      if (!user) throw new Error('user not created');
      await tx
        .update(staffInvites)
        .set({ acceptedBy: user.id })
        .where(eq(staffInvites.id, invite.id));
      await tx.insert(memberships).values({
        accountId: invite.accountId,
        userId: user.id,
        kind: 'member',
        roles: invite.roles,
      });
      return { email, accountId: invite.accountId };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(
        'conflict',
        'There is already a Tentpole sign-in for this e-mail. Sign in to accept the invitation.',
        { email: ['There is already a Tentpole sign-in for this e-mail'] },
      );
    }
    throw error;
  }
}

/** The signed-in user joins with their existing sign-in. */
export async function joinWithSignIn(
  db: Db,
  token: string,
  user: { id: string; email: string },
  now: Date,
) {
  return db.transaction(async (tx) => {
    const invite = await claimInvite(tx, token, user.id, now);
    if (invite.email && invite.email.toLowerCase() !== user.email.toLowerCase()) {
      throw new AppError(
        'forbidden',
        `This invitation is for ${invite.email}. Sign in with that e-mail to accept it.`,
      );
    }
    const inserted = await tx
      .insert(memberships)
      .values({ accountId: invite.accountId, userId: user.id, kind: 'member', roles: invite.roles })
      .onConflictDoNothing()
      .returning({ userId: memberships.userId });
    if (inserted.length === 0) {
      throw new AppError('conflict', 'You are already a member of this team.');
    }
    return { accountId: invite.accountId };
  });
}
