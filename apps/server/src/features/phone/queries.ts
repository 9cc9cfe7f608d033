import { can, DEFAULT_VOICEMAIL_TEXT, normalizePhone } from '@tentpole/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customers, memberships, phoneServices, phoneSettings } from '../../db/schema.js';

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
      customerId: fromNumber
        ? sql<string | null>`(select c.id from customers c
            where c.account_id = ${phoneServices.accountId} and c.phone_number = ${fromNumber}
            limit 1)`
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

/** The account's customer with this phone number, however it is written. */
export async function customerByPhone(db: Db, accountId: string, phoneNumber: string) {
  const normalised = normalizePhone(phoneNumber);
  if (!normalised) return null;
  const [row] = await db
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(and(eq(customers.accountId, accountId), eq(customers.phoneNumber, normalised)))
    .limit(1);
  return row ?? null;
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
  };
}
