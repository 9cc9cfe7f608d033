import {
  can,
  type Invite,
  isOwner,
  type Member,
  PERMISSION_PREFIX,
  type Permission,
  presetOf,
} from '@tentpole/domain';
import { and, asc, desc, eq, gt, isNull, max, sql } from 'drizzle-orm';
import { accounts, authSessions, memberships, users } from '../../auth/tables.js';
import type { Db } from '../../db/client.js';
import type { Tx } from '../../jobs/job-queue.js';
import { staffInvites } from './tables.js';

/** Role strings as the page shows them: without the product prefix ('*' for an owner). */
export const permissionsOf = (roles: readonly string[]) =>
  roles.map((r) =>
    r.toLowerCase().startsWith(PERMISSION_PREFIX) ? r.slice(PERMISSION_PREFIX.length) : r,
  );

const lastSignIn = sql<Date | string | null>`(
  select ${max(authSessions.createdAt)} from ${authSessions} where ${authSessions.userId} = ${users.id}
)`;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

type MemberRow = {
  userId: string;
  name: string;
  email: string;
  roles: string[];
  suspendedAt: Date | null;
  createdAt: Date;
  lastSignInAt: Date | string | null;
};

const memberFields = {
  userId: memberships.userId,
  name: users.name,
  email: users.email,
  roles: memberships.roles,
  suspendedAt: memberships.suspendedAt,
  createdAt: memberships.createdAt,
  lastSignInAt: lastSignIn,
};

function toMember(row: MemberRow, currentUserId: string): Member {
  return {
    userId: row.userId,
    name: row.name,
    email: row.email,
    preset: presetOf(row.roles),
    permissions: permissionsOf(row.roles),
    owner: isOwner(row.roles),
    status: row.suspendedAt ? 'suspended' : 'active',
    lastSignInAt: iso(row.lastSignInAt),
    joinedAt: row.createdAt.toISOString(),
    you: row.userId === currentUserId,
  };
}

/** The account's members, owners first, then by name. */
export async function listMembers(db: Db, accountId: string, currentUserId: string) {
  const rows = await db
    .select(memberFields)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.accountId, accountId))
    .orderBy(
      desc(sql`${memberships.roles} @> array[${`${PERMISSION_PREFIX}*`}]::text[]`),
      asc(sql`lower(${users.name})`),
      asc(users.id),
    );
  return rows.map((row) => toMember(row, currentUserId));
}

/** One member of the account, or null (another account's member is not found). */
export async function findMember(
  db: Db | Tx,
  accountId: string,
  userId: string,
  currentUserId: string,
) {
  const [row] = await db
    .select(memberFields)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
  return row ? toMember(row, currentUserId) : null;
}

const inviter = sql<
  string | null
>`(select ${users.name} from ${users} where ${users.id} = ${staffInvites.invitedBy})`;

type InviteRow = {
  id: string;
  via: Invite['via'];
  email: string | null;
  phoneNumber: string | null;
  roles: string[];
  sentAt: Date;
  expiresAt: Date;
  invitedBy: string | null;
};

const inviteFields = {
  id: staffInvites.id,
  via: staffInvites.via,
  email: staffInvites.email,
  phoneNumber: staffInvites.phoneNumber,
  roles: staffInvites.roles,
  sentAt: staffInvites.sentAt,
  expiresAt: staffInvites.expiresAt,
  invitedBy: inviter,
};

export function toInvite(row: InviteRow, now: Date): Invite {
  return {
    id: row.id,
    via: row.via,
    email: row.email,
    phoneNumber: row.phoneNumber,
    preset: presetOf(row.roles),
    permissions: permissionsOf(row.roles),
    status: row.expiresAt.getTime() > now.getTime() ? 'pending' : 'expired',
    sentAt: row.sentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    invitedBy: row.invitedBy,
  };
}

/** Invitations not yet accepted or revoked (expired ones too: they can be resent). */
export async function listInvites(db: Db, accountId: string, now: Date) {
  const rows = await db
    .select(inviteFields)
    .from(staffInvites)
    .where(
      and(
        eq(staffInvites.accountId, accountId),
        isNull(staffInvites.acceptedAt),
        isNull(staffInvites.revokedAt),
      ),
    )
    .orderBy(desc(staffInvites.sentAt), asc(staffInvites.id));
  return rows.map((row) => toInvite(row, now));
}

/** One open invitation of the account, or null. */
export async function findOpenInvite(db: Db | Tx, accountId: string, id: string, now: Date) {
  const [row] = await db
    .select(inviteFields)
    .from(staffInvites)
    .where(
      and(
        eq(staffInvites.accountId, accountId),
        eq(staffInvites.id, id),
        isNull(staffInvites.acceptedAt),
        isNull(staffInvites.revokedAt),
      ),
    );
  return row ? toInvite(row, now) : null;
}

/** What the accept page shows for a token that still works, or null. */
export async function invitePreview(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      accountName: accounts.name,
      invitedBy: inviter,
      via: staffInvites.via,
      email: staffInvites.email,
      expiresAt: staffInvites.expiresAt,
    })
    .from(staffInvites)
    .innerJoin(accounts, eq(accounts.id, staffInvites.accountId))
    .where(
      and(
        eq(staffInvites.tokenHash, tokenHash),
        isNull(staffInvites.acceptedAt),
        isNull(staffInvites.revokedAt),
        gt(staffInvites.expiresAt, now),
      ),
    );
  return row ? { ...row, expiresAt: row.expiresAt.toISOString() } : null;
}

/**
 * The active (not suspended) members of the account who hold `permission`, with their e-mail:
 * whom a notification about that work goes to (a store's quote request to those who handle
 * orders).
 */
export async function activeMembersWho(db: Db | Tx, accountId: string, permission: Permission) {
  const rows = await db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      roles: memberships.roles,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), isNull(memberships.suspendedAt)))
    .orderBy(asc(users.email));
  return rows
    .filter((row) => can(row.roles, permission))
    .map((row) => ({ userId: row.userId, name: row.name, email: row.email }));
}
