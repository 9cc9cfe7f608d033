/**
 * The card-payment e-mails to customers (a pay link, an automatic payment's receipt, its
 * failure), as subject, HTML and text. Everything from data is escaped; the templates screen
 * of the e-mails issue will make these editable.
 */
const esc = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

type Parts = { business: string; customerName: string; orderNumber: number };

function layout(parts: Parts, paragraphs: string[], action: { label: string; url: string } | null) {
  const html = `<!doctype html><html><body style="margin:0;background:#fafaf9;font:16px/1.5 system-ui,sans-serif;color:#1c1917">
<div style="max-width:36rem;margin:0 auto;padding:1.5rem 1rem">
<p style="color:#57534e">${esc(parts.business)}</p>
<p>Hi ${esc(parts.customerName)},</p>
${paragraphs.map((p) => `<p>${esc(p)}</p>`).join('\n')}
${action ? `<p><a href="${esc(action.url)}" style="display:inline-block;background:#c2410c;color:#fff;text-decoration:none;padding:.7rem 1rem;border-radius:.5rem;font-weight:600">${esc(action.label)}</a></p><p style="color:#57534e;font-size:.9rem;overflow-wrap:anywhere">${esc(action.url)}</p>` : ''}
<p>${esc(parts.business)}</p>
</div></body></html>`;
  const text = [
    `Hi ${parts.customerName},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    parts.business,
  ].join('\n');
  return { html, text };
}

export function payLinkEmail(parts: Parts & { amount: string; purpose: string; url: string }) {
  return {
    subject: `${parts.purpose} for order #${parts.orderNumber}: ${parts.amount}`,
    ...layout(
      parts,
      [`You can pay ${parts.amount} for order #${parts.orderNumber} by card, on a secure page.`],
      { label: `Pay ${parts.amount}`, url: parts.url },
    ),
  };
}

export function receiptEmail(
  parts: Parts & { amount: string; last4: string; orderUrl: string | null },
) {
  return {
    subject: `Receipt: ${parts.amount} for order #${parts.orderNumber}`,
    ...layout(
      parts,
      [
        `We charged ${parts.amount} for the balance of order #${parts.orderNumber} to your card ending in ${parts.last4}, as agreed.`,
        'Thank you! Nothing more is due.',
      ],
      parts.orderUrl ? { label: 'See your order', url: parts.orderUrl } : null,
    ),
  };
}

export function paymentFailedEmail(
  parts: Parts & { amount: string; reason: string; orderUrl: string | null },
) {
  return {
    subject: `We could not take your payment for order #${parts.orderNumber}`,
    ...layout(
      parts,
      [
        `We tried to charge the balance of ${parts.amount} for order #${parts.orderNumber} to your card on file, and it did not go through: ${parts.reason}`,
        'Please pay it from your order page with another card, or call us.',
      ],
      parts.orderUrl ? { label: 'Pay from your order page', url: parts.orderUrl } : null,
    ),
  };
}

/** To the account's owners: an automatic charge or hold the card refused, and what to do. */
export function cardFailedStaffEmail(parts: {
  what: string;
  amount: string;
  reason: string;
  orderNumber: number;
  customerName: string;
}) {
  const lines = [
    `${parts.what} of ${parts.amount} for order #${parts.orderNumber} (${parts.customerName}) failed: ${parts.reason}`,
    'The order is under "Needs attention". Send the customer a pay link from the order, or take the money another way.',
  ];
  return {
    subject: `${parts.what} failed for order #${parts.orderNumber}`,
    html: `<!doctype html><html><body style="margin:0;font:16px/1.5 system-ui,sans-serif;color:#1c1917"><div style="max-width:36rem;margin:0 auto;padding:1.5rem 1rem">${lines.map((l) => `<p>${esc(l)}</p>`).join('')}</div></body></html>`,
    text: lines.join('\n\n'),
  };
}
