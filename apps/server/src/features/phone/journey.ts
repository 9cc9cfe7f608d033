import { sql } from 'drizzle-orm';
import type { JourneySource } from '../feature.js';
import { calls } from './tables.js';
import { conversations, messages } from './texts/tables.js';

/** Reach: the customer's calls and texts. */
export const phoneJourney: JourneySource = (accountId, customerId) => sql`
  select k.id::text, 'call',
         case when k.direction = 'outbound' then 'Called them'
              when k.answered_at is null then 'Missed call' else 'They called' end,
         case when k.voicemail_recording_sid is not null then 'Left a voicemail'
              when k.duration_seconds is not null
                then 'Talked ' || (k.duration_seconds / 60) || 'm ' || (k.duration_seconds % 60) || 's'
              else k.status end,
         k.started_at, null::text, null::integer
    from ${calls} k where k.account_id = ${accountId} and k.customer_id = ${customerId}
  union all
  select m.id::text, 'message',
         case when m.direction = 'inbound' then 'Texted us' else 'We texted them' end,
         left(m.body, 140), m.created_at, null::text, null::integer
    from ${messages} m
    join ${conversations} v on v.id = m.conversation_id and v.account_id = ${accountId}
    where m.account_id = ${accountId} and v.customer_id = ${customerId}`;
