import type { CheckoutSession } from './engine';

const esc = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

export const money = (cents: number, currency: string | null) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: (currency ?? 'usd').toUpperCase(),
  }).format(cents / 100);

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1f36;background:#f6f9fc}
main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem 3rem}h1{font-size:1.35rem;margin:.25rem 0}p{overflow-wrap:anywhere}
.badge{display:inline-block;font-size:.75rem;font-weight:700;letter-spacing:.04em;text-transform:uppercase;background:#fff4e5;color:#8a4b00;border-radius:.25rem;padding:.1rem .4rem}
.card{background:#fff;border:1px solid #e3e8ee;border-radius:.75rem;padding:1rem;margin-top:1rem}
ul{padding:0;margin:0;list-style:none}li{display:flex;justify-content:space-between;gap:1rem;padding:.25rem 0}li span:first-child{overflow-wrap:anywhere}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}input{width:100%;font:inherit;padding:.6rem .7rem;border:1px solid #8792a2;border-radius:.5rem}
.row{display:flex;gap:.75rem}.row>div{flex:1}
button{width:100%;margin-top:1.25rem;font:inherit;font-weight:600;border-radius:.5rem;padding:.75rem 1rem;border:1px solid #0a2540;background:#0a2540;color:#fff;min-height:44px;cursor:pointer}
button.secondary{background:#fff;color:#0a2540}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #635bff;outline-offset:2px}
.alert{border:1px solid #b91c1c;background:#fef2f2;color:#7f1d1d;border-radius:.5rem;padding:.75rem;margin-top:1rem}
.muted{color:#4f566b;font-size:.9rem}a{color:#4338ca}`;

function layout(title: string, body: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><title>${esc(title)}</title><style>${STYLE}</style></head>
<body><main>
<p><span class="badge">Test mode</span> <span class="muted">Payments sandbox (a stand-in for Stripe Checkout)</span></p>
${body}
</main></body></html>`;
}

/** Stripe Checkout's hosted page, as far as a test needs: the summary, the card, the answer. */
export function checkoutPageHtml(
  session: CheckoutSession,
  base: string,
  error: string | null,
  typed: { email?: string; name?: string } = {},
) {
  const payment = session.mode !== 'setup';
  const every = session.subscription_price ? ` per ${session.subscription_price.interval}` : '';
  const total = `${money(session.amount_total ?? 0, session.currency)}${every}`;
  const items = (session.line_items_summary ?? [])
    .map(
      (line) =>
        `<li><span>${esc(line.name)}${line.quantity > 1 ? ` × ${line.quantity}` : ''}</span><span>${money(line.amount, session.currency)}</span></li>`,
    )
    .join('');
  if (session.status !== 'open')
    return layout(
      'Checkout',
      `<h1>This Checkout Session is no longer active.</h1><p class="muted">${
        session.status === 'complete' ? 'It has been paid.' : 'It has expired.'
      }</p>`,
    );
  return layout(
    payment ? `${every ? 'Subscribe' : 'Pay'} ${total}` : 'Save a card',
    `<h1>${payment ? `${every ? 'Subscribe' : 'Pay'} ${esc(total)}` : 'Save a card for later payments'}</h1>
${items ? `<div class="card"><ul>${items}</ul></div>` : ''}
${error ? `<div class="alert" role="alert">${esc(error)}</div>` : ''}
<form class="card" method="post" action="${base}/pay/${session.id}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" value="${esc(typed.email ?? session.customer_email ?? '')}">
  <label for="card-number">Card number</label>
  <input id="card-number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required>
  <div class="row"><div><label for="card-expiry">Expiration (MM / YY)</label>
  <input id="card-expiry" name="expiry" autocomplete="cc-exp" placeholder="MM / YY" required></div>
  <div><label for="card-cvc">CVC</label>
  <input id="card-cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" required></div></div>
  <label for="card-name">Cardholder name</label>
  <input id="card-name" name="name" autocomplete="cc-name" value="${esc(typed.name ?? '')}">
  <button type="submit">${payment ? `${every ? 'Subscribe' : 'Pay'} ${esc(total)}` : 'Save card'}</button>
</form>
<p class="muted">Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has insufficient funds; 4000 0025 0000 3155 asks to authenticate. Any future date and any CVC.</p>
${session.cancel_url ? `<p><a href="${base}/pay/${session.id}/cancel">Cancel and go back</a></p>` : ''}`,
  );
}

/** The bank's authentication step (3-D Secure), as Stripe's test page offers it. */
export function authenticatePageHtml(session: CheckoutSession, base: string) {
  const total = money(session.amount_total ?? 0, session.currency);
  return layout(
    'Authenticate',
    `<h1>Authenticate ${session.mode === 'payment' ? `your payment of ${esc(total)}` : 'your card'}</h1>
<div class="card"><p>Your bank asks you to confirm it is you. This is a test authentication page.</p>
<form method="post" action="${base}/pay/${session.id}/authenticate">
  <button type="submit" name="outcome" value="complete">Complete authentication</button>
  <button type="submit" name="outcome" value="fail" class="secondary">Fail authentication</button>
</form></div>`,
  );
}
