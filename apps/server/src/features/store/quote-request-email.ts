import { formatMoney } from '@tentpole/domain';
import { esc } from './pages.js';

/**
 * §10 "the order arrives as a quote for staff, who get a notification": the e-mail each member
 * who handles orders gets when a shopper asks the store for a quote.
 */
export function quoteRequestStaffEmail(parts: {
  storeName: string;
  orderNumber: number;
  customerName: string;
  partyDay: string;
  items: readonly { description: string; quantity: number }[];
  totalCents: number;
  currency: string;
  locale: string;
  orderUrl: string;
}) {
  const items = parts.items.map((i) => `${i.description} × ${i.quantity}`).join(', ');
  const lines = [
    `${parts.customerName} asked ${parts.storeName}'s online store for a quote: order #${parts.orderNumber}, for ${parts.partyDay}.`,
    `${items}. Total ${formatMoney(parts.totalCents, parts.currency, parts.locale)}.`,
    `Review it and send the quote: ${parts.orderUrl}`,
  ];
  return {
    subject: `Quote request from the online store: order #${parts.orderNumber}`,
    html: `<!doctype html><html><body style="margin:0;font:16px/1.5 system-ui,sans-serif;color:#1c1917"><div style="max-width:36rem;margin:0 auto;padding:1.5rem 1rem">${lines
      .slice(0, 2)
      .map((l) => `<p>${esc(l)}</p>`)
      .join(
        '',
      )}<p><a href="${esc(parts.orderUrl)}">Review order #${parts.orderNumber} and send the quote</a></p></div></body></html>`,
    text: lines.join('\n\n'),
  };
}
