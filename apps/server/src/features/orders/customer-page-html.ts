import {
  countdownText,
  dateTimeFormat,
  describeOrderChange,
  type OrderChange,
} from '@tentpole/domain';
import type { CustomerView } from './customer-page.js';

const esc = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c1917;background:#fafaf9}
main{max-width:40rem;margin:0 auto;padding:1.25rem 1rem 3rem}h1{font-size:1.5rem;margin:.25rem 0 0}h2{font-size:1.1rem;margin:1.75rem 0 .5rem}
.muted{color:#57534e}.card{background:#fff;border:1px solid #e7e5e4;border-radius:.75rem;padding:1rem;margin-top:.75rem}
p,li,td,th{overflow-wrap:anywhere}table{width:100%;border-collapse:collapse}td,th{padding:.4rem 0;text-align:left;vertical-align:top}
td.n,th.n{text-align:right;white-space:nowrap;padding-left:.75rem}tr+tr td{border-top:1px solid #f5f5f4}.total td{font-weight:700}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}input[type=text]{width:100%;font:inherit;padding:.6rem .7rem;border:1px solid #a8a29e;border-radius:.5rem}
input:focus-visible,button:focus-visible,canvas:focus-visible,a:focus-visible{outline:3px solid #c2410c;outline-offset:2px}
canvas{display:block;width:100%;height:160px;border:1px dashed #a8a29e;border-radius:.5rem;background:#fff;touch-action:none}
button{font:inherit;font-weight:600;border-radius:.5rem;padding:.7rem 1rem;border:1px solid #c2410c;background:#c2410c;color:#fff;min-height:44px;cursor:pointer}
button.secondary{background:#fff;color:#1c1917;border-color:#a8a29e}.check{display:flex;gap:.5rem;align-items:flex-start;font-weight:400}
.alert{border:1px solid #b91c1c;background:#fef2f2;color:#7f1d1d;border-radius:.5rem;padding:.75rem;margin-top:1rem}
.ok{border-color:#15803d;background:#f0fdf4;color:#14532d}a{color:#9a3412}
.photos{list-style:none;padding:0;margin:0 0 .75rem;display:flex;flex-wrap:wrap;gap:.5rem}.photos img{display:block;border-radius:.5rem;object-fit:cover}
input[type=file]{display:block;width:100%;margin:.25rem 0 .75rem;font:inherit}
.pay{display:flex;flex-wrap:wrap;gap:.5rem}.pay button{flex:1 1 14rem}.inline{display:flex;gap:.5rem}.inline input{flex:1;min-width:0}
.hold{border:2px solid #c2410c;background:#fff7ed;margin-top:1rem}.hold h2{margin:0 0 .25rem}.hold p{margin:.25rem 0}
.clock{font-size:2.25rem;line-height:1.2;font-weight:700;font-variant-numeric:tabular-nums;color:#7c2d12}
a.button{display:inline-flex;align-items:center;justify-content:center;margin-top:.75rem;min-width:10rem;text-decoration:none;font-weight:600;border-radius:.5rem;padding:.7rem 1rem;min-height:44px;background:#c2410c;color:#fff}
`;

/** How long is left in whole minutes: "29 minutes left", "2 hours 5 minutes left" (as the script). */
export function timeLeftText(ms: number) {
  if (ms < 60_000) return 'less than a minute left';
  const minutes = Math.floor(ms / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  return `${[h ? part(h, 'hour') : '', m ? part(m, 'minute') : ''].filter(Boolean).join(' ')} left`;
}

/**
 * Issue 24 item 2: the hold for the caller, near the top. A running hold counts down (the
 * server's text is right without the script; the script ticks it each second and, at zero,
 * puts the ended text in the status region); an ended one says so. "Book it" leads to signing,
 * which is what books the order (and checks the items are still free).
 */
function holdNotice(view: CustomerView) {
  const hold = view.hold;
  if (!hold) return '';
  const phone = view.businessPhone
    ? ` at <a href="tel:${esc(view.businessPhone.replace(/[^\d+]/g, ''))}">${esc(view.businessPhone)}</a>`
    : '';
  const book = (label: string) =>
    view.canSign ? `<a class="button" href="#sign-heading">${label}</a>` : '';
  const ended = `<p>This hold has ended. The items may no longer be free; ${
    view.canSign ? 'book now to check' : 'we will be in touch'
  }, or call us${phone}.</p>${book('Book now')}`;
  if (hold.state === 'ended') return `<div class="card hold" id="hold">${ended}</div>`;
  const expires = new Date(hold.expiresAt);
  const now = new Date(expires.getTime() - hold.msLeft);
  const day = dateTimeFormat(view.locale, { dateStyle: 'full', timeZone: view.timeZone });
  const sameDay = day.format(expires) === day.format(now);
  const until = dateTimeFormat(view.locale, {
    ...(sameDay ? {} : { weekday: 'long', month: 'long', day: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
    timeZone: view.timeZone,
  }).format(expires);
  return `<div class="card hold" id="hold" data-ms-left="${hold.msLeft}">
<div data-hold-active>
<h2>We’re holding these for you</h2>
<p>Held until <strong>${esc(until)}</strong> (<span id="hold-left">${timeLeftText(hold.msLeft)}</span>)</p>
<p class="clock" id="hold-clock" role="timer" aria-label="Time left on your hold">${countdownText(hold.msLeft)}</p>
<p>${view.canSign ? 'Sign the rental agreement to book them before the time runs out.' : `Call us${phone} to book them before the time runs out.`}</p>
${book('Book it')}
</div>
<div id="hold-ended" role="status"></div>
<template id="hold-ended-text">${ended}</template>
</div>`;
}

export function customerPageHtml(
  view: CustomerView,
  token: string,
  notice: { kind: 'ok' | 'error'; text: string } | null,
  { cardPayments = false }: { cardPayments?: boolean } = {},
) {
  const when = dateTimeFormat(view.locale, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: view.timeZone,
  });
  const money = view.money;
  const t = view.totals;
  const lines = view.lines
    .map(
      (l) =>
        `<tr><td>${esc(l.description)}</td><td class="n">× ${l.quantity}</td><td class="n">${money(l.amount)}</td></tr>`,
    )
    .join('');
  const totals: [string, number][] = [
    ['Total', t.total],
    ['Paid', t.paid - t.refunded],
    ['Balance due', t.balance],
  ];
  if (t.depositDue > 0 && t.paid - t.refunded < t.depositDue)
    totals.push(['Deposit to book', t.depositDue]);
  const address = view.address
    ? `<p>${esc([view.address.line1, view.address.line2].filter(Boolean).join(', '))}<br>${esc(
        `${view.address.city}, ${view.address.region} ${view.address.postalCode}`,
      )}</p>`
    : '';
  const docs = view.documents.length
    ? `<ul>${view.documents
        .map(
          (d) =>
            `<li><a href="/o/${token}/documents/${d.id}">${esc(d.title)} (PDF)</a>${
              d.signedBy ? ` <span class="muted">· signed by ${esc(d.signedBy)}</span>` : ''
            }</li>`,
        )
        .join('')}</ul>`
    : '<p class="muted">No documents yet.</p>';
  const sign = view.canSign
    ? `<h2 id="sign-heading">Accept and sign</h2>
<form class="card" method="post" action="/o/${token}/sign" aria-labelledby="sign-heading">
  <p class="muted">Signing accepts the rental agreement for this order and books it.</p>
  <label for="name">Your full name</label>
  <input type="text" id="name" name="name" required maxlength="120" autocomplete="name">
  <label for="signature">Draw your signature (optional)</label>
  <canvas id="signature" tabindex="0" aria-describedby="signature-help"></canvas>
  <p id="signature-help" class="muted">Draw with your finger or mouse. Your typed name is your signature too.</p>
  <button type="button" class="secondary" id="clear-signature">Clear drawing</button>
  <input type="hidden" name="drawing" id="drawing">
  <label class="check"><input type="checkbox" name="agree" value="yes" required> I have read the rental agreement and agree to it.</label>
  <button type="submit">Sign and book</button>
</form>`
    : '';
  const scripts = `${view.canSign ? '<script src="/o/assets/signature-pad.js"></script>' : ''}${
    view.canSign || view.hold?.state === 'active'
      ? '<script src="/o/assets/order-page.js"></script>'
      : ''
  }`;
  const change = (c: OrderChange) =>
    esc(describeOrderChange(c, { money, day: (iso) => when.format(new Date(iso)) }));
  const approve = view.changes.length
    ? `<h2 id="changes-heading">Changes since you signed</h2>
<form class="card" method="post" action="/o/${token}/approve" aria-labelledby="changes-heading">
  <p class="muted">${esc(view.business)} changed your order after you signed. These are the differences:</p>
  <ul>${view.changes.map((c) => `<li>${change(c)}</li>`).join('')}</ul>
  <label for="approve-name">Your full name</label>
  <input type="text" id="approve-name" name="name" required maxlength="120" autocomplete="name">
  <label class="check"><input type="checkbox" name="agree" value="yes" required> I approve these changes to my order.</label>
  <button type="submit">Approve changes</button>
</form>`
    : '';
  const pay =
    cardPayments && view.canPay
      ? `<h2 id="pay-heading">Pay by card</h2>
<div class="card">
<form method="post" action="/o/${token}/pay" aria-labelledby="pay-heading" class="pay">
  ${view.depositOwed > 0 ? `<button type="submit" name="purpose" value="deposit">Pay the deposit: ${money(view.depositOwed)}</button>` : ''}
  <button type="submit" name="purpose" value="balance"${view.depositOwed > 0 ? ' class="secondary"' : ''}>Pay the balance: ${money(t.balance)}</button>
</form>
<form method="post" action="/o/${token}/pay" aria-label="Pay another amount">
  <input type="hidden" name="purpose" value="custom">
  <label for="pay-amount">Or pay another amount</label>
  <div class="inline"><input type="text" id="pay-amount" name="amount" inputmode="decimal" autocomplete="off" required placeholder="0.00" aria-describedby="pay-help">
  <button type="submit" class="secondary">Pay this amount</button></div>
</form>
<p id="pay-help" class="muted">You pay on a secure card page and come back here.</p>
</div>`
      : '';
  const brand = (b: string) => b.charAt(0).toUpperCase() + b.slice(1);
  const saveCard =
    cardPayments && view.offerCardOnFile
      ? `<h2 id="card-heading">Card on file</h2>
<form class="card" method="post" action="/o/${token}/save-card" aria-labelledby="card-heading">
  <p>${
    view.cardOnFile
      ? `${esc(brand(view.cardOnFile.brand))} ending in ${esc(view.cardOnFile.last4)} is saved.`
      : 'Save a card and we take care of the rest.'
  }</p>
  <p class="muted">${[
    view.autopayDays !== null
      ? `The balance is charged to it ${view.autopayDays} days before your event.`
      : '',
    t.securityDeposit > 0
      ? 'The refundable security deposit is held on it before delivery and released after the return.'
      : '',
  ]
    .filter(Boolean)
    .join(' ')}</p>
  <button type="submit" class="secondary">${view.cardOnFile ? 'Use another card' : 'Save a card'}</button>
</form>`
      : '';
  const status = notice
    ? `<div class="alert${notice.kind === 'ok' ? ' ok' : ''}" role="${notice.kind === 'ok' ? 'status' : 'alert'}">${esc(notice.text)}</div>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">
<title>Order #${view.number} · ${esc(view.business)}</title><style>${STYLE}</style></head>
<body><main>
<p class="muted">${esc(view.business)}</p>
<h1>Order #${view.number}</h1>
<p>For ${esc(view.customerName)} · <strong>${esc(view.status)}</strong></p>
${status}
${holdNotice(view)}
${approve}
<h2>Your event</h2>
<div class="card"><p>${esc(when.format(new Date(view.eventStart)))} to ${esc(when.format(new Date(view.eventEnd)))}</p>
<p>${view.fulfilment !== 'delivery' ? 'You pick up from us.' : address ? 'We deliver and set up at:' : 'We deliver and set up: we will ask you for the address.'}</p>${address}
${view.customerNote ? `<p class="muted">${esc(view.customerNote)}</p>` : ''}</div>
<h2>What you rent</h2>
<div class="card"><table><thead><tr><th>Item</th><th class="n">Qty</th><th class="n">Amount</th></tr></thead><tbody>${lines}</tbody></table></div>
<h2>What is due</h2>
<div class="card"><table><tbody>${totals
    .map(
      ([label, amount]) =>
        `<tr${label === 'Balance due' ? ' class="total"' : ''}><td>${label}</td><td class="n">${money(amount)}</td></tr>`,
    )
    .join('')}</tbody></table>${
    t.securityDeposit
      ? `<p class="muted">Refundable security deposit, held apart: ${money(t.securityDeposit)}</p>`
      : ''
  }</div>
${pay}
${saveCard}
<h2>Documents</h2>
<div class="card">${docs}</div>
<h2 id="photos-heading">Photos of your setup site</h2>
<div class="card">${
    view.photos.length
      ? `<ul class="photos">${view.photos
          .map(
            (p, i) =>
              `<li><a href="/o/${token}/photos/${p.id}/full"><img src="/o/${token}/photos/${p.id}/thumbnail" alt="Your setup site, ${i + 1} of ${view.photos.length}" width="96" height="96" loading="lazy"></a></li>`,
          )
          .join('')}</ul>`
      : '<p class="muted">Photos of where it goes (the yard, the gate, any slope or steps) help the crew come prepared.</p>'
  }${
    view.canAddPhotos
      ? `<form method="post" action="/o/${token}/photos" enctype="multipart/form-data" aria-labelledby="photos-heading">
  <label for="photos">Add photos (up to 5 at a time)</label>
  <input type="file" id="photos" name="photos" accept="image/*" multiple required>
  <button type="submit" class="secondary">Send photos</button>
</form>`
      : ''
  }</div>
${sign}
</main>${scripts}</body></html>`;
}

/**
 * The page's one script: a running hold's countdown (each second, from the time left when the
 * page was made, so a wrong phone clock does not matter; at zero the ended text goes in the
 * status region), then the signature pad, its Clear button, and the drawing on submit.
 */
export const ORDER_PAGE_SCRIPT = `(() => {
  const hold = document.getElementById('hold');
  const active = hold && hold.querySelector('[data-hold-active]');
  if (!active) return;
  const clock = document.getElementById('hold-clock');
  const left = document.getElementById('hold-left');
  const deadline = performance.now() + Number(hold.dataset.msLeft);
  const countdown = ${countdownText};
  const part = (n, unit) => n + ' ' + unit + (n === 1 ? '' : 's');
  const words = (ms) => {
    if (ms < 60000) return 'less than a minute left';
    const minutes = Math.floor(ms / 60000);
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return [h ? part(h, 'hour') : '', m ? part(m, 'minute') : ''].filter(Boolean).join(' ') + ' left';
  };
  const tick = () => {
    const ms = deadline - performance.now();
    if (ms <= 0) {
      clearInterval(timer);
      active.remove();
      hold.removeAttribute('data-ms-left');
      document.getElementById('hold-ended').append(document.getElementById('hold-ended-text').content.cloneNode(true));
      return;
    }
    const text = countdown(ms);
    if (clock.textContent !== text) clock.textContent = text;
    const said = words(ms);
    if (left.textContent !== said) left.textContent = said;
  };
  const timer = setInterval(tick, 1000);
  tick();
})();
(() => {
  const canvas = document.getElementById('signature');
  if (!canvas || !window.SignaturePad) return;
  const fit = () => {
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    canvas.width = canvas.offsetWidth * ratio;
    canvas.height = canvas.offsetHeight * ratio;
    canvas.getContext('2d').scale(ratio, ratio);
  };
  fit();
  const pad = new window.SignaturePad(canvas, { backgroundColor: 'rgb(255,255,255)' });
  window.addEventListener('resize', () => { const data = pad.toData(); fit(); pad.fromData(data); });
  document.getElementById('clear-signature').addEventListener('click', () => pad.clear());
  canvas.closest('form').addEventListener('submit', () => {
    document.getElementById('drawing').value = pad.isEmpty() ? '' : pad.toDataURL('image/png');
  });
})();`;
