/**
 * back-office spec §8: the merge fields a template may use, written `{{order.balance}}`. The
 * list is closed: a template naming a field that is not here is refused when it is saved, so
 * nothing unknown reaches a customer at send time.
 */
export const MERGE_FIELDS = [
  { key: 'customer.firstName', label: 'First name', group: 'Customer', example: 'Jamie' },
  { key: 'customer.lastName', label: 'Last name', group: 'Customer', example: 'Rivera' },
  { key: 'customer.fullName', label: 'Full name', group: 'Customer', example: 'Jamie Rivera' },
  { key: 'customer.email', label: 'E-mail', group: 'Customer', example: 'jamie@example.com' },
  { key: 'customer.phone', label: 'Phone', group: 'Customer', example: '+1 555 010 0123' },
  { key: 'order.number', label: 'Order number', group: 'Order', example: '1042' },
  { key: 'order.status', label: 'Status', group: 'Order', example: 'Reserved' },
  { key: 'order.eventDate', label: 'Event date', group: 'Dates', example: 'Saturday, June 14' },
  {
    key: 'order.eventStart',
    label: 'Starts',
    group: 'Dates',
    example: 'Saturday, June 14, 10:00 AM',
  },
  { key: 'order.eventEnd', label: 'Ends', group: 'Dates', example: 'Saturday, June 14, 6:00 PM' },
  {
    key: 'order.deliveryWindow',
    label: 'Delivery window',
    group: 'Dates',
    example: 'Saturday, June 14, 8:00 AM – 10:00 AM',
  },
  {
    key: 'order.pickupWindow',
    label: 'Pickup window',
    group: 'Dates',
    example: 'Saturday, June 14, 7:00 PM – 9:00 PM',
  },
  { key: 'order.address', label: 'Address', group: 'Order', example: '12 Oak St, Springfield' },
  { key: 'order.items', label: 'Items', group: 'Order', example: '1 × Castle Bounce House' },
  { key: 'order.total', label: 'Total', group: 'Money', example: '$450.00' },
  { key: 'order.paid', label: 'Paid', group: 'Money', example: '$100.00' },
  { key: 'order.balance', label: 'Balance due', group: 'Money', example: '$350.00' },
  { key: 'order.depositDue', label: 'Booking deposit', group: 'Money', example: '$100.00' },
  { key: 'order.link', label: 'Order page link', group: 'Links', example: 'https://…/o/…' },
  { key: 'order.payLink', label: 'Pay link', group: 'Links', example: 'https://…/o/…#pay' },
  { key: 'business.name', label: 'Business name', group: 'Business', example: 'Bounce Kingdom' },
  { key: 'business.phone', label: 'Business phone', group: 'Business', example: '+1 555 010 0100' },
  {
    key: 'business.reviewLink',
    label: 'Review link',
    group: 'Business',
    example: 'https://g.page/r/…',
  },
] as const;

export type MergeFieldKey = (typeof MERGE_FIELDS)[number]['key'];
export type MergeValues = Record<MergeFieldKey, string>;

/** Fields whose value is a web address: a link in the HTML body. */
export const LINK_FIELDS: ReadonlySet<string> = new Set([
  'order.link',
  'order.payLink',
  'business.reviewLink',
]);

const KNOWN: ReadonlySet<string> = new Set(MERGE_FIELDS.map((f) => f.key));
const FIELD = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The fields a text names, in order of first use. */
export function mergeFieldsIn(text: string): string[] {
  return [...new Set([...text.matchAll(FIELD)].map((m) => m[1] ?? ''))];
}

/** The fields a text names that are not merge fields ("{{order.nmuber}}" → ["order.nmuber"]). */
export function unknownMergeFields(text: string): string[] {
  return mergeFieldsIn(text).filter((key) => !KNOWN.has(key));
}

/** The refusal of a text naming fields that are not merge fields. */
export const unknownMergeFieldsMessage = (unknown: string[]) =>
  `Unknown merge field${unknown.length > 1 ? 's' : ''}: ${unknown.map((k) => `{{${k}}}`).join(', ')}`;

export function isMergeField(key: string): key is MergeFieldKey {
  return KNOWN.has(key);
}

/** The field names every example value of the list, for a preview without an order. */
export function exampleMergeValues(): MergeValues {
  return Object.fromEntries(MERGE_FIELDS.map((f) => [f.key, f.example])) as MergeValues;
}

/**
 * Replaces each field with `value(key)`; text between fields goes through `literal`. Both
 * receive the raw text, so the HTML body escapes everything once, values and words alike.
 */
export function fillFields(
  text: string,
  value: (key: MergeFieldKey) => string,
  literal: (text: string) => string = (t) => t,
): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(FIELD)) {
    const key = match[1] ?? '';
    out += literal(text.slice(last, match.index));
    out += isMergeField(key) ? value(key) : literal(match[0]);
    last = (match.index ?? 0) + match[0].length;
  }
  return out + literal(text.slice(last));
}
