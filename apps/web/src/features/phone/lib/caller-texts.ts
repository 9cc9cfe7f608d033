import { dateTimeFormat } from '@tentpole/domain';

/** Issue 24 item 1: the texts the caller card's one-tap actions send, and how it shows dates. */

const format = (timeZone: string, options: Intl.DateTimeFormatOptions, locale: string) =>
  dateTimeFormat(locale, { ...options, timeZone });

/** 'Sat, Jun 13', the event's day where the business is. */
export function cardDay(iso: string, timeZone: string, locale: string): string {
  return format(timeZone, { weekday: 'short', month: 'short', day: 'numeric' }, locale).format(
    new Date(iso),
  );
}

/** '8:00 AM' */
export function cardTime(iso: string, timeZone: string, locale: string): string {
  return format(timeZone, { hour: 'numeric', minute: '2-digit' }, locale).format(new Date(iso));
}

/** 'Tue, Jun 2, 7:00 AM' */
export function cardMoment(iso: string, timeZone: string, locale: string): string {
  return `${cardDay(iso, timeZone, locale)}, ${cardTime(iso, timeZone, locale)}`;
}

/** '8:00 AM–10:00 AM' */
export function cardWindow(
  window: { start: string; end: string },
  timeZone: string,
  locale: string,
): string {
  return `${cardTime(window.start, timeZone, locale)}–${cardTime(window.end, timeZone, locale)}`;
}

/** The pay link text, worded as the order page's "Text it" words it. */
export function payLinkText(orderNumber: number, amount: string, url: string): string {
  return `Order #${orderNumber}: you can pay ${amount} by card here: ${url}`;
}

/** The customer order page: to sign the agreement when it is not signed yet. */
export function orderLinkText(orderNumber: number, signed: boolean, url: string): string {
  return signed
    ? `Order #${orderNumber}: your order, its documents and payments are here: ${url}`
    : `Order #${orderNumber}: please review and sign your rental agreement here: ${url}`;
}

export function deliveryWindowText(
  orderNumber: number,
  window: { start: string; end: string },
  timeZone: string,
  locale: string,
): string {
  return `Order #${orderNumber}: we will deliver on ${cardDay(window.start, timeZone, locale)} between ${cardTime(window.start, timeZone, locale)} and ${cardTime(window.end, timeZone, locale)}.`;
}

/** 'Order #1042: our crew expects to reach you about 10:40 AM.' (the live ETA, §7.4). */
export function etaText(orderNumber: number, kind: 'delivery' | 'pickup', eta: string): string {
  return kind === 'delivery'
    ? `Order #${orderNumber}: our crew expects to reach you about ${eta} with your rental.`
    : `Order #${orderNumber}: our crew expects to be there for the pickup about ${eta}.`;
}

/** Issue 24 item 3: the words around a link the reply box adds, by what the link is for. */
export function threadLinkText(
  link: { kind: 'order' | 'pay' | 'sign' | 'approve'; orderNumber: number; url: string },
  amount: string | null,
): string {
  switch (link.kind) {
    case 'pay':
      return payLinkText(link.orderNumber, amount ?? 'the balance', link.url);
    case 'sign':
      return orderLinkText(link.orderNumber, false, link.url);
    case 'approve':
      return `Order #${link.orderNumber}: we changed your order. Please review and approve the changes here: ${link.url}`;
    default:
      return orderLinkText(link.orderNumber, true, link.url);
  }
}
