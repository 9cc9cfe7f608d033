import type { MessageRecord, SandboxStore } from '../store';
import { messageJson } from './serialize';
import { errors } from './twilio-error';

const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 1000;
const FILTER_KEYS = ['To', 'From', 'DateSent', 'DateSent<', 'DateSent>'] as const;

/**
 * `GET Messages.json`: Twilio's filters (`To`, `From`, `DateSent`, `DateSent<`, `DateSent>`), newest
 * first, paged with `PageSize`, `Page` and `PageToken` as the `twilio` library sends them.
 *
 * Dates: `YYYY-MM-DD` (UTC) or `YYYY-MM-DDTHH:mm:ssZ` (what the library sends for `dateSent*`).
 * `DateSent` matches messages sent on that UTC day (of the instant, when given one); `DateSent<` is
 * "on or before" and `DateSent>` "on or after" the instant (a bare day means its midnight, 00:00
 * UTC), to the second.
 * Messages without a `date_sent` (still queued) match no date filter.
 * Twilio's own keyword auto-replies (STOP/START/HELP confirmations) are not listed.
 */
export function listMessages(
  store: SandboxStore,
  accountSid: string,
  query: URLSearchParams,
): Record<string, unknown> {
  const to = query.get('To');
  const from = query.get('From');
  const on = parseDateFilter(query.get('DateSent'), 'DateSent');
  const before = parseDateFilter(query.get('DateSent<'), 'DateSent<');
  const after = parseDateFilter(query.get('DateSent>'), 'DateSent>');
  const matches = (m: MessageRecord): boolean => {
    if (m.autoReply) return false;
    if (to !== null && m.to !== to) return false;
    if (from !== null && m.from !== from) return false;
    if (on || before || after) {
      if (m.dateSent === null) return false;
      const t = m.dateSent.getTime();
      if (on && !sameUtcDay(m.dateSent, on.date)) return false;
      if (before && t > endOfSecond(before.date.getTime())) return false;
      if (after && t < after.date.getTime()) return false;
    }
    return true;
  };
  const all = [...store.messages.values()].filter(matches).reverse();

  const requestedSize = Number(query.get('PageSize') ?? DEFAULT_PAGE_SIZE);
  const pageSize =
    Number.isInteger(requestedSize) && requestedSize > 0
      ? Math.min(requestedSize, MAX_PAGE_SIZE)
      : DEFAULT_PAGE_SIZE;
  const requestedPage = Number(query.get('Page') ?? 0);
  const page = Number.isInteger(requestedPage) && requestedPage >= 0 ? requestedPage : 0;
  const token = query.get('PageToken');
  let offset = page * pageSize;
  // PageToken: `PA<sid>` = the page after that message, `PB<sid>` = the page before it. A cursor
  // keeps paging stable while new messages arrive at the head of the list.
  if (token && /^P[AB]SM[0-9a-f]{32}$/.test(token)) {
    const index = all.findIndex((m) => m.sid === token.slice(2));
    if (index !== -1) offset = token.startsWith('PA') ? index + 1 : Math.max(0, index - pageSize);
  }
  const items = all.slice(offset, offset + pageSize);
  const filters = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = query.get(key);
    if (value !== null) filters.set(key, value);
  }
  const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
  const pageUri = (n: number, pageToken: string | null) => {
    const params = new URLSearchParams(filters);
    params.set('PageSize', String(pageSize));
    params.set('Page', String(n));
    if (pageToken) params.set('PageToken', pageToken);
    return `${path}?${params.toString()}`;
  };
  const last = items.at(-1);
  const first = items[0];
  const hasNext = last !== undefined && offset + items.length < all.length;
  return {
    end: offset + Math.max(items.length, 1) - 1,
    first_page_uri: pageUri(0, null),
    messages: items.map((m) => messageJson(accountSid, m)),
    next_page_uri: hasNext ? pageUri(page + 1, `PA${last.sid}`) : null,
    page,
    page_size: pageSize,
    previous_page_uri: page > 0 && first !== undefined ? pageUri(page - 1, `PB${first.sid}`) : null,
    start: offset,
    uri: pageUri(page, token),
  };
}

interface DateFilter {
  date: Date;
}

function parseDateFilter(value: string | null, name: string): DateFilter | null {
  if (value === null || value === '') return null;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime()) || !(day || /^\d{4}-\d{2}-\d{2}T/.test(value)))
    throw errors.badParameter(`Invalid ${name}: ${value}`);
  return { date };
}

function sameUtcDay(a: Date, b: Date): boolean {
  return a.toISOString().slice(0, 10) === b.toISOString().slice(0, 10);
}

/** The API speaks whole seconds: "on or before 12:00:05" includes 12:00:05.900. */
function endOfSecond(t: number): number {
  return Math.floor(t / 1000) * 1000 + 999;
}
