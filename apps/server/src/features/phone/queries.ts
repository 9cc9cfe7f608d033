import {
  CALL_LOG_FILTERS,
  type CallLogFilter,
  can,
  DEFAULT_VOICEMAIL_TEXT,
  normalizePhone,
} from '@tentpole/domain';
import { aliasedTable, and, desc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { memberships, users } from '../../auth/tables.js';
import type { Db } from '../../db/client.js';
import { customers } from '../customers/tables.js';
import { calls, phoneServices, phoneSettings } from './tables.js';

export async function findPhoneService(db: Db, accountId: string) {
  const [row] = await db.select().from(phoneServices).where(eq(phoneServices.accountId, accountId));
  return row ?? null;
}

export async function findPhoneServiceByNumber(db: Db, phoneNumber: string) {
  const [row] = await db
    .select()
    .from(phoneServices)
    .where(
      and(
        eq(phoneServices.phoneNumber, normalizePhone(phoneNumber)),
        eq(phoneServices.enabled, true),
      ),
    );
  return row ?? null;
}

export type RoutingSettings = {
  voicemailText: string;
  showCallerId: boolean;
  forwardIncomingCallsToMobile: boolean;
  forwardIncomingCallsTo: string[];
  mobileClickToCall: boolean;
};

/** The account's phone settings, or the defaults of an account that has not set them yet. */
export async function routingSettings(db: Db, accountId: string): Promise<RoutingSettings> {
  const [row] = await db
    .select({
      voicemailText: phoneSettings.voicemailText,
      showCallerId: phoneSettings.showCallerId,
      forwardIncomingCallsToMobile: phoneSettings.forwardIncomingCallsToMobile,
      forwardIncomingCallsTo: phoneSettings.forwardIncomingCallsTo,
      mobileClickToCall: phoneSettings.mobileClickToCall,
    })
    .from(phoneSettings)
    .where(eq(phoneSettings.accountId, accountId));
  return row ?? DEFAULT_ROUTING;
}

const DEFAULT_ROUTING: RoutingSettings = {
  voicemailText: DEFAULT_VOICEMAIL_TEXT,
  showCallerId: true,
  forwardIncomingCallsToMobile: false,
  forwardIncomingCallsTo: [],
  mobileClickToCall: false,
};

/**
 * Everything an inbound call to `to` needs, in one round trip (the voice webhook is the hottest
 * path under load): the number's account, its routing settings, the members who may take calls
 * and the customer calling from `from`, if any. Null when the number is not in service.
 */
export async function inboundRouting(db: Db, to: string, from: string) {
  const fromNumber = normalizePhone(from);
  const [row] = await db
    .select({
      accountId: phoneServices.accountId,
      phoneNumber: phoneServices.phoneNumber,
      voicemailText: phoneSettings.voicemailText,
      showCallerId: phoneSettings.showCallerId,
      forwardIncomingCallsToMobile: phoneSettings.forwardIncomingCallsToMobile,
      forwardIncomingCallsTo: phoneSettings.forwardIncomingCallsTo,
      mobileClickToCall: phoneSettings.mobileClickToCall,
      // The caller's customer when exactly one has the number; several share it: the one who
      // answers chooses (decision 0062).
      customerId: fromNumber
        ? sql<string | null>`(select case when count(*) = 1 then min(c.id::text) end from (
            select c.id from customers c
            where c.account_id = ${phoneServices.accountId} and c.phone_number = ${fromNumber}
            limit 2) c)`
        : sql<null>`null`,
      members: sql<{ userId: string; roles: string[] }[]>`coalesce((
          select json_agg(json_build_object('userId', m.user_id, 'roles', m.roles) order by m.created_at)
          from memberships m where m.account_id = ${phoneServices.accountId}), '[]'::json)`,
    })
    .from(phoneServices)
    .leftJoin(phoneSettings, eq(phoneSettings.accountId, phoneServices.accountId))
    .where(and(eq(phoneServices.phoneNumber, normalizePhone(to)), eq(phoneServices.enabled, true)));
  if (!row) return null;
  const settings: RoutingSettings =
    row.voicemailText === null
      ? DEFAULT_ROUTING
      : {
          voicemailText: row.voicemailText,
          showCallerId: row.showCallerId ?? true,
          forwardIncomingCallsToMobile: row.forwardIncomingCallsToMobile ?? false,
          forwardIncomingCallsTo: row.forwardIncomingCallsTo ?? [],
          mobileClickToCall: row.mobileClickToCall ?? false,
        };
  const members = typeof row.members === 'string' ? JSON.parse(row.members) : row.members;
  return {
    accountId: row.accountId,
    phoneNumber: row.phoneNumber,
    customerId: row.customerId,
    settings,
    members: (members as { userId: string; roles: string[] }[])
      .filter((m) => can(m.roles, 'phone.read'))
      .map((m) => m.userId),
  };
}

export async function memberMobileNumber(db: Db, accountId: string, userId: string) {
  const [row] = await db
    .select({ mobile: memberships.mobilePhoneNumber })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
  return row?.mobile ?? null;
}

/** At most this many customers are offered for one number (a family, a small office). */
export const CALLERS_LIMIT = 20;

/** The account's customers with this phone number, however it is written, by name. */
export async function customersByPhone(
  db: Db,
  accountId: string,
  phoneNumber: string,
  limit = CALLERS_LIMIT,
) {
  const normalised = normalizePhone(phoneNumber);
  if (!normalised) return [];
  return db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      company: customers.company,
    })
    .from(customers)
    .where(and(eq(customers.accountId, accountId), eq(customers.phoneNumber, normalised)))
    .orderBy(customers.lastName, customers.firstName, customers.id)
    .limit(limit);
}

/**
 * The account's customer with this phone number, however it is written: null when none has it
 * or several share it (then nobody is guessed: decision 0062).
 */
export async function customerByPhone(db: Db, accountId: string, phoneNumber: string) {
  const found = await customersByPhone(db, accountId, phoneNumber, 2);
  return found.length === 1 ? (found[0] ?? null) : null;
}

/** spec §3 phone info for this user in this account. */
export async function phoneInfo(db: Db, accountId: string, userId: string) {
  const [service, settings, mobile] = await Promise.all([
    findPhoneService(db, accountId),
    routingSettings(db, accountId),
    memberMobileNumber(db, accountId, userId),
  ]);
  return {
    enabled: Boolean(service?.enabled && service.phoneNumber),
    messagingStatus: service?.messagingStatus ?? null,
    mobileClickToCall: settings.mobileClickToCall,
    currentUserPhoneNumber: mobile,
    businessNumber: service?.phoneNumber ?? null,
  };
}

/** The customer's calls, newest first (the customer page's Reach tab). */
export function customerCalls(db: Db, accountId: string, customerId: string) {
  return listCalls(db, accountId, 'all', eq(calls.customerId, customerId));
}

export const CALL_LOG_LIMIT = 200;

const answeredBy = aliasedTable(users, 'answered_by');
const placedBy = aliasedTable(users, 'placed_by');

function filterCondition(filter: string): SQL | undefined {
  const known = (CALL_LOG_FILTERS as readonly string[]).includes(filter)
    ? (filter as CallLogFilter)
    : null;
  switch (known) {
    case 'all':
      return undefined;
    case 'missed':
      return and(
        eq(calls.direction, 'inbound'),
        isNull(calls.answeredAt),
        sql`${calls.status} in ('completed','busy','failed','no-answer','canceled')`,
      );
    case 'voicemail':
      return isNotNull(calls.voicemailRecordingSid);
    case 'inbound':
    case 'outbound':
      return eq(calls.direction, known);
    default: {
      // A search: the customer's name, or the digits of the number however typed.
      const term = filter.toLowerCase();
      const digits = term.replace(/\D/g, '');
      const escaped = term.replace(/[\\%_]/g, (ch) => `\\${ch}`);
      const byName = sql`lower(${customers.firstName} || ' ' || ${customers.lastName}) like ${`%${escaped}%`}`;
      return digits.length >= 3
        ? or(byName, sql`${calls.counterpartNumber} like ${`%${digits}%`}`)
        : byName;
    }
  }
}

/** The account's calls, newest first, each with its customer, who answered and its voicemail. */
export async function listCalls(db: Db, accountId: string, filter: string, where?: SQL) {
  const rows = await db
    .select({
      id: calls.id,
      direction: calls.direction,
      via: calls.via,
      from: calls.fromNumber,
      to: calls.toNumber,
      counterpartNumber: calls.counterpartNumber,
      status: calls.status,
      startedAt: calls.startedAt,
      answeredAt: calls.answeredAt,
      durationSeconds: calls.durationSeconds,
      customerId: customers.id,
      customerFirstName: customers.firstName,
      customerLastName: customers.lastName,
      answeredByUserId: calls.answeredByUserId,
      answeredByName: answeredBy.name,
      answeredByNumber: calls.answeredByNumber,
      placedByUserId: calls.placedByUserId,
      placedByName: placedBy.name,
      voicemailRecordingSid: calls.voicemailRecordingSid,
      voicemailDurationSeconds: calls.voicemailDurationSeconds,
    })
    .from(calls)
    .leftJoin(
      customers,
      and(eq(customers.id, calls.customerId), eq(customers.accountId, accountId)),
    )
    .leftJoin(answeredBy, eq(answeredBy.id, calls.answeredByUserId))
    .leftJoin(placedBy, eq(placedBy.id, calls.placedByUserId))
    .where(and(eq(calls.accountId, accountId), filterCondition(filter || 'all'), where))
    .orderBy(desc(calls.startedAt))
    .limit(CALL_LOG_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    direction: r.direction,
    via: r.via,
    from: r.from,
    to: r.to,
    counterpartNumber: r.counterpartNumber,
    status: r.status,
    missed:
      r.direction === 'inbound' &&
      r.answeredAt === null &&
      r.status !== 'in-progress' &&
      r.status !== 'ringing',
    startedAt: r.startedAt.toISOString(),
    durationSeconds: r.durationSeconds,
    customer: r.customerId
      ? {
          id: r.customerId,
          firstName: r.customerFirstName ?? '',
          lastName: r.customerLastName ?? '',
        }
      : null,
    answeredBy: r.answeredByUserId
      ? { userId: r.answeredByUserId, name: r.answeredByName ?? '' }
      : r.answeredByNumber
        ? { userId: null, name: r.answeredByNumber }
        : null,
    placedBy: r.placedByUserId ? { userId: r.placedByUserId, name: r.placedByName ?? '' } : null,
    voicemail: r.voicemailRecordingSid
      ? { url: `/api/phone/calls/${r.id}/voicemail`, durationSeconds: r.voicemailDurationSeconds }
      : null,
  }));
}
