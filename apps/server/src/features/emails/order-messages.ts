import {
  dateTimeFormat,
  exampleMergeValues,
  formatMoney,
  formatPhone,
  type MergeValues,
  type MessageTemplate,
  mergeFieldsIn,
  orderStatusLabel,
  type RenderedMessage,
  renderMessage,
} from '@tentpole/domain';
import type { Db } from '../../db/client.js';
import {
  accountCurrency,
  accountDocumentSettings,
  accountLocale,
  accountTimezone,
} from '../accounts/queries.js';
import { findCustomer } from '../customers/queries.js';
import { ensureOrderPageUrl, findOrder, liveOrderToken } from '../orders/queries.js';
import { findPhoneService } from '../phone/queries.js';
import { messagingSettings } from './templates.js';

type Order = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

/** The business side of every message: its name, phone, review link and timezone. */
export async function businessFacts(db: Db, accountId: string) {
  const [documents, timeZone, currency, locale, phone, settings] = await Promise.all([
    accountDocumentSettings(db, accountId),
    accountTimezone(db, accountId),
    accountCurrency(db, accountId),
    accountLocale(db, accountId),
    findPhoneService(db, accountId),
    messagingSettings(db, accountId),
  ]);
  return {
    name: documents.name,
    logo: documents.logo,
    timeZone,
    currency,
    locale,
    phone: phone?.phoneNumber ? formatPhone(phone.phoneNumber) : '',
    settings,
  };
}
export type BusinessFacts = Awaited<ReturnType<typeof businessFacts>>;

/**
 * How links are filled: `make` creates the customer's order page link when there is none
 * (sending), `existing` uses the live one or a placeholder (a preview creates nothing).
 */
export type LinkMode = { make: true; appUrl: string } | { make: false; appUrl: string };

/** The order, its customer and the values of every merge field, for one message. */
export async function orderMessageContext(
  db: Db,
  accountId: string,
  orderId: string,
  business: BusinessFacts,
  links: LinkMode,
  template: MessageTemplate,
) {
  const order = await findOrder(db, accountId, orderId);
  if (!order) return null;
  const customer = await findCustomer(db, accountId, order.customer.id);
  if (!customer) return null;
  const used = mergeFieldsIn(`${template.subject}\n${template.body}`);
  const needsLink = used.includes('order.link') || used.includes('order.payLink');
  const base = links.appUrl.replace(/\/$/, '');
  let link = '';
  if (needsLink) {
    if (links.make) link = (await ensureOrderPageUrl(db, accountId, orderId, base)) ?? '';
    else {
      const token = await liveOrderToken(db, accountId, orderId);
      link = token ? `${base}/o/${token}` : `${base}/o/(made when it is sent)`;
    }
  }
  return {
    order,
    customer,
    values: mergeValues(order, customer, business, link),
  };
}

function mergeValues(
  order: Order,
  customer: { firstName: string; lastName: string; email: string; phoneNumber: string | null },
  business: BusinessFacts,
  link: string,
): MergeValues {
  const { timeZone, currency, locale } = business;
  const day = dateTimeFormat(locale, {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  });
  const time = dateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' });
  const at = (iso: string) => {
    const d = new Date(iso);
    return Number.isNaN(d.getTime()) ? iso : `${day.format(d)}, ${time.format(d)}`;
  };
  const window = (w: { start: string; end: string } | null) => {
    if (!w) return '';
    const start = new Date(w.start);
    const end = new Date(w.end);
    if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return '';
    return `${day.format(start)}, ${time.format(start)} – ${time.format(end)}`;
  };
  const money = (cents: number) => formatMoney(cents, currency, locale);
  const address = order.address
    ? [
        order.address.line1,
        order.address.line2,
        order.address.city,
        [order.address.region, order.address.postalCode].filter(Boolean).join(' '),
      ]
        .filter(Boolean)
        .join(', ')
    : '';
  const totals = order.totals;
  return {
    'customer.firstName': customer.firstName,
    'customer.lastName': customer.lastName,
    'customer.fullName': `${customer.firstName} ${customer.lastName}`.trim(),
    'customer.email': customer.email,
    'customer.phone': customer.phoneNumber ? formatPhone(customer.phoneNumber) : '',
    'order.number': String(order.number),
    'order.status': orderStatusLabel(order.status),
    'order.eventDate': day.format(new Date(order.eventStart)),
    'order.eventStart': at(order.eventStart),
    'order.eventEnd': at(order.eventEnd),
    'order.deliveryWindow': window(order.deliveryWindow),
    'order.pickupWindow': window(order.pickupWindow),
    'order.address': address,
    'order.items': order.lines
      .filter((l) => l.kind === 'product')
      .map((l) => `${l.quantity} × ${l.description}`)
      .join('\n'),
    'order.total': money(totals.total),
    'order.paid': money(totals.paid - totals.refunded),
    'order.balance': money(Math.max(0, totals.balance)),
    'order.depositDue': money(totals.depositDue),
    'order.link': link,
    'order.payLink': link ? `${link}#pay` : '',
    'business.name': business.name,
    'business.phone': business.phone,
    'business.reviewLink': business.settings.reviewLink ?? '',
  };
}

/** A template filled with an order's values (or the fields' examples) and the branding. */
export function renderFor(
  template: MessageTemplate,
  values: MergeValues | null,
  business: BusinessFacts,
  /** The app's origin, to make the logo's address absolute. */
  appUrl?: string,
): RenderedMessage {
  const filled = values ?? { ...exampleMergeValues(), 'business.name': business.name };
  return renderMessage(template, filled, {
    businessName: business.name,
    logoUrl: business.logo && appUrl ? new URL(business.logo, appUrl).href : null,
    phone: business.phone || null,
  });
}
