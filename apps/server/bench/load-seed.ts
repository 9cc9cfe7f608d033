// Grows the demo's Bounce Kingdom into a large account for the load section: customers,
// conversations with their messages, and calls, each written by one set-based INSERT … SELECT
// over generate_series, so that a million rows take seconds. Every row is one the app itself
// could have written: all NOT NULL columns filled, statuses and directions the app uses,
// provider SIDs in the carrier's format (unique, as the indexes demand), timestamps in the past.
import { performance } from 'node:perf_hooks';
import pg from 'pg';

export type LoadSeedPlan = { customers: number; messages: number; calls: number };

/** The numbers the bench needs to aim its requests at the seeded data. */
export type LoadAccount = {
  accountId: string;
  businessNumber: string;
  /** New customers are numbered 1…n; customer i has phone `customerPhone(i)` unless i % 12 = 7. */
  seededCustomers: number;
  busyConversationId: string;
  busyMessages: number;
  counts: { customers: number; conversations: number; messages: number; calls: number };
  timings: Record<string, number>;
};

// Fictional 555 numbers, away from the demo's own (555-010-xxxx, 555-019-xxxx).
export const customerPhone = (i: number) => `+1555${2_000_000 + i}`;
export const hasPhone = (i: number) => i % 12 !== 7;
const UNKNOWN_BASE = 3_000_000;

// The busiest conversation, the one whose page the bench reads: conversation 1, customer 1.
const BUSY_MESSAGES = 2_000;

const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Elijah',
  'Sophia',
  'James',
  'Mia',
  'Lucas',
  'Amelia',
  'Mason',
  'Harper',
  'Ethan',
  'Evelyn',
  'Logan',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Garcia',
  'Brown',
  'Jones',
  'Miller',
  'Davis',
  'Lopez',
  'Wilson',
  'Moore',
  'Taylor',
  'Lee',
  'Martin',
  'Clark',
  'Lewis',
  'Walker',
  'Hall',
  'Young',
  'King',
  'Wright',
  'Scott',
  'Green',
  'Baker',
  'Adams',
];
const COMPANIES = [
  'Harbor Events',
  'Maple School PTA',
  'Riverside Church',
  'Sunrise Weddings',
  'City Parks Dept',
  'Oak Street HOA',
  'Bright Kids Daycare',
  'Summit Corp',
  'Lakeside Camp',
  'Hometown Fair',
];
// '#' becomes a day, a count or an order number.
const TEXTS = [
  'Hi! Is the castle bounce house free on the #th?',
  'Thanks so much, the kids loved it!',
  'Can you deliver before 9am on Saturday?',
  'What time will the crew pick up the tent?',
  'Do you have the water slide available on June #?',
  'We need 12 tables and 80 chairs, can you quote?',
  'Running about # minutes late, sorry!',
  'Yes please book it, deposit sent.',
  'Is the generator included with the tent?',
  'Can we add a cotton candy machine to order #?',
  'Your crew is here, thank you!',
  'How much for the combo unit for # hours?',
  'Confirmed for Saturday. See you at 10.',
  'Please send the invoice to my email.',
  'Reminder: your rental is tomorrow, we arrive at #am.',
  'We have you down for the #th, reply YES to confirm.',
];

// Message j of conversation k: its direction and text (`texts` is the parameter holding TEXTS),
// the same expressions for the messages and for the conversation's last-message columns.
const direction = (k: string, j: string) =>
  `case when (${k} + ${j}) % 5 < 3 then 'inbound' else 'outbound' end`;
const text = (texts: string, k: string, j: string) =>
  `replace((${texts}::text[])[1 + (${k} * 7 + ${j} * 13) % ${TEXTS.length}], '#', ((${k} + ${j}) % 28 + 1)::text)`;

export async function seedLargeAccount(
  databaseUrl: string,
  accountName: string,
  plan: LoadSeedPlan,
): Promise<LoadAccount> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const timings: Record<string, number> = {};
  const timed = async <T>(step: string, run: () => Promise<T>) => {
    const started = performance.now();
    const result = await run();
    timings[step] = (performance.now() - started) / 1000;
    return result;
  };
  const one = async <T>(query: string, values: unknown[] = []) =>
    (await client.query(query, values)).rows[0] as T;
  try {
    // A scratch database: a crash loses nothing worth keeping.
    await client.query(`set synchronous_commit = off`);
    await client.query(`set work_mem = '64MB'`);
    const { accountId, businessNumber, users, existing } = await one<{
      accountId: string;
      businessNumber: string;
      users: string[];
      existing: number;
    }>(
      `select a.id as "accountId", ps.phone_number as "businessNumber",
         (select array_agg(m.user_id order by m.created_at) from memberships m where m.account_id = a.id) as users,
         (select count(*)::int from customers c where c.account_id = a.id) as existing
       from accounts a join phone_services ps on ps.account_id = a.id where a.name = $1`,
      [accountName],
    );
    const seededCustomers = Math.max(1, plan.customers - existing);
    const conversations = Math.max(2, plan.customers);
    const busy = Math.min(BUSY_MESSAGES, Math.max(1, Math.floor(plan.messages / 10)));
    // Conversation k > 1 has 1 + (k · 7919 mod (2m − 1)) messages: m on average.
    const mean = Math.max(1, Math.round((plan.messages - busy) / (conversations - 1)));

    await timed('customers', () =>
      client.query(
        `insert into customers (account_id, first_name, last_name, email, company, phone_number,
           internal_notes, points, banned, reference, created_at, updated_at)
         select $1, f, l, lower(f || '.' || l || i || '@' || (array['example.com','mail.test','inbox.test'])[1 + i % 3]),
           case when i % 4 = 0 then ($4::text[])[1 + i % ${COMPANIES.length}] || ' ' || (i % 997) end,
           case when i % 12 = 7 then null else '+1555' || (${2_000_000} + i) end,
           case when i % 7 = 0 then 'Regular customer, always pays on time.' end,
           case when i % 5 < 3 then (i * 37) % 61 * 10 else 0 end,
           i % 97 = 13,
           case when i % 5 = 0 then 'REF-' || (100000 + i) end,
           t, t
         from (select i,
             ($2::text[])[1 + i % ${FIRST_NAMES.length}] as f,
             ($3::text[])[1 + (i / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] as l,
             now() - ((i * 7919) % 730) * interval '1 day' - (i % 86400) * interval '1 second' as t
           from generate_series(1, ${seededCustomers}) as i) as s`,
        [accountId, FIRST_NAMES, LAST_NAMES, COMPANIES],
      ),
    );

    // Conversation k: with customer k where that customer has a number, else a stranger's.
    // The newest is conversation 1 (the busy one); one starts every four minutes before it.
    await client.query(
      `create temp table load_conversations as
       select k, gen_random_uuid() as id,
         case when k <= ${seededCustomers} and k % 12 <> 7 then '+1555' || (${2_000_000} + k)
              else '+1555' || (${UNKNOWN_BASE} + k) end as phone,
         case when k = 1 then ${busy} else 1 + (k * 7919) % ${2 * mean - 1} end as n,
         now() - interval '1 minute' - (k - 1) * interval '4 minutes' as last_at
       from generate_series(1, ${conversations}) as k`,
    );
    await timed('conversations', () =>
      client.query(
        `insert into conversations (id, account_id, phone_number, customer_id, unread_count,
           last_message_at, last_message_preview, last_message_direction, created_at)
         select b.id, $1, b.phone, c.id,
           case when ${direction('k', 'n')} = 'inbound' and k % 10 = 0 then 1 + k % 3 else 0 end,
           b.last_at, left(${text('$2', 'k', 'n')}, 140), ${direction('k', 'n')},
           b.last_at - n * interval '187 minutes'
         from load_conversations b
         left join customers c on c.account_id = $1 and c.phone_number = b.phone`,
        [accountId, TEXTS],
      ),
    );
    // Message j of conversation k, 187 minutes after the one before; the last is the
    // conversation's last message. Outbound texts are sent by the account's members and are
    // mostly delivered; about one in fifty failed or undelivered with the carrier's error.
    await timed('messages', () =>
      client.query(
        `insert into messages (account_id, conversation_id, direction, body, status, provider_sid,
           error_code, error_message, sent_by_user_id, created_at, updated_at)
         select $1, id, d, body,
           case when d = 'inbound' then 'received' when (k * j) % 97 = 0 then 'failed'
                when (k * j) % 89 = 0 then 'undelivered' else 'delivered' end,
           'SM' || md5('load-message.' || k || '.' || j),
           case when d = 'outbound' and (k * j) % 97 = 0 then '30003'
                when d = 'outbound' and (k * j) % 89 = 0 then '30005' end,
           case when d = 'outbound' and (k * j) % 97 = 0 then 'Unreachable destination handset'
                when d = 'outbound' and (k * j) % 89 = 0 then 'Unknown destination handset' end,
           case when d = 'outbound' then ($2::uuid[])[1 + (k + j) % array_length($2::uuid[], 1)] end,
           ts, ts + case when d = 'outbound' then interval '3 seconds' else interval '0' end
         from (select b.k, b.id, j, ${direction('b.k', 'j')} as d, ${text('$3', 'b.k', 'j')} as body,
             b.last_at - (b.n - j) * interval '187 minutes' as ts
           from load_conversations b cross join lateral generate_series(1, b.n) as j) as m`,
        [accountId, users, TEXTS],
      ),
    );

    // Calls, one every five minutes back from now: seven in ten inbound. Most are with a
    // customer; one in eight is with a stranger. Inbound: 70% answered (a member, or the
    // owner's forwarded mobile), 20% missed (half of those left a voicemail), busy, canceled.
    await timed('calls', () =>
      client.query(
        `insert into calls (account_id, call_sid, direction, via, from_number, to_number,
           counterpart_number, status, customer_id, placed_by_user_id, answered_by_user_id,
           answered_by_number, started_at, answered_at, ended_at, duration_seconds,
           voicemail_recording_sid, voicemail_url, voicemail_duration_seconds, updated_at)
         select $1, 'CA' || md5('load-call.' || i), dir,
           case when dir = 'inbound' then 'pstn' when i % 3 = 0 then 'mobile' else 'browser' end,
           case when dir = 'inbound' then phone else $2 end,
           case when dir = 'inbound' then $2 else phone end,
           phone, status, c.id,
           case when dir = 'outbound' then ($3::uuid[])[1 + i % array_length($3::uuid[], 1)] end,
           case when answered and dir = 'inbound' and i % 50 <> 1
                then ($3::uuid[])[1 + i % array_length($3::uuid[], 1)] end,
           case when answered and dir = 'inbound' and i % 50 = 1 then '+15550109001' end,
           started,
           case when answered then started + (4 + i % 15) * interval '1 second' end,
           ended,
           case when answered then dur end,
           case when voicemail then 'RE' || md5('load-voicemail.' || i) end,
           case when voicemail then $4 || 'RE' || md5('load-voicemail.' || i) end,
           case when voicemail then 5 + i % 40 end,
           ended
         from (select *,
             started + case when answered then (4 + i % 15 + dur) else 25 end * interval '1 second' as ended
           from (select i, dir, phone, started, dur,
               case when dir = 'inbound'
                 then case when s < 14 then 'completed' when s < 18 then 'no-answer' when s = 18 then 'busy' else 'canceled' end
                 else case when s < 16 then 'completed' when s < 18 then 'no-answer' when s = 18 then 'busy' else 'failed' end
               end as status,
               case when dir = 'inbound' then s < 14 else s < 16 end as answered,
               dir = 'inbound' and s in (14, 15) as voicemail
             from (select i, i % 20 as s,
                 case when i % 10 < 7 then 'inbound' else 'outbound' end as dir,
                 case when i % 8 <> 0 and (1 + (i * 7919) % ${seededCustomers}) % 12 <> 7
                      then '+1555' || (${2_000_000} + 1 + (i * 7919) % ${seededCustomers})
                      else '+1555' || (${UNKNOWN_BASE} + (i * 31) % 50000) end as phone,
                 now() - interval '2 minutes' - (i - 1) * interval '5 minutes' - (i % 240) * interval '1 second' as started,
                 20 + (i * 37) % 900 as dur
               from generate_series(1, ${plan.calls}) as i) as g) as g) as g
         left join customers c on c.account_id = $1 and c.phone_number = g.phone`,
        [
          accountId,
          businessNumber,
          users,
          'http://127.0.0.1/sandbox/2010-04-01/Accounts/AC0/Recordings/',
        ],
      ),
    );

    // Settled statistics and visibility maps, as a database that has been running a while has.
    await timed('vacuum analyze', () =>
      client.query('vacuum (analyze) customers, conversations, messages, calls'),
    );

    const counts = await one<LoadAccount['counts']>(
      `select (select count(*)::int from customers where account_id = $1) as customers,
         (select count(*)::int from conversations where account_id = $1) as conversations,
         (select count(*)::int from messages where account_id = $1) as messages,
         (select count(*)::int from calls where account_id = $1) as calls`,
      [accountId],
    );
    const busyConversation = await one<{ id: string }>(
      `select id from load_conversations where k = 1`,
    );
    return {
      accountId,
      businessNumber,
      seededCustomers,
      busyConversationId: busyConversation.id,
      busyMessages: busy,
      counts,
      timings,
    };
  } finally {
    await client.end();
  }
}
