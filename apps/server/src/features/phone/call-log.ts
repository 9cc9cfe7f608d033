import { CALL_LOG_FILTERS, type CallLogFilter } from '@tentpole/domain';
import { aliasedTable, and, desc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { calls, customers, users } from '../../db/schema.js';

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
