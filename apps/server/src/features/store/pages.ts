import {
  ACCENT_TEXT_LIGHT,
  accentTextColour,
  countdownText,
  dateTimeFormat,
  formatMoney,
  type OrderTotals,
  STORE_FONTS,
  STORE_SURFACE_UNSURE,
  STORE_WINDOW_ANY,
  type StoreFont,
} from '@tentpole/domain';
import { escapeHtml } from '../../http/escape-html.js';
import type { CheckoutSite } from './checkout.js';
import type { Store, StoreCategory, StoreProduct } from './queries.js';

/**
 * The store's pages, rendered on the server (§10: fast, indexable). Plain HTML forms do the
 * work; one small script (store-script.ts) runs the hold's countdown. Nothing internal is
 * shown: product slugs name products, never ids, costs or stock counts beyond "available".
 */

export const esc = escapeHtml;

export type Party = { date: string; start: string; end: string; zip: string };
export type Notice = { kind: 'ok' | 'error'; text: string } | null;

/**
 * Website Settings (decision 0068): the font is a named system stack; text on the accent is
 * white or near-black, whichever reads at 4.5:1 (a colour saved before the check: white).
 */
const style = (colour: string, fontKey: StoreFont) => {
  const font = STORE_FONTS[fontKey] ?? STORE_FONTS.modern;
  const ink = accentTextColour(colour) ?? ACCENT_TEXT_LIGHT;
  return `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 ${font.stack};color:#1c1917;background:#fafaf9}
h1,h2,h3,.brand{font-family:${font.heading};font-weight:${font.headingWeight}}
header.top{background:${colour};color:${ink}}header.top a{color:${ink};text-decoration:none}
.bar{max-width:64rem;margin:0 auto;padding:.75rem 1rem;display:flex;align-items:center;gap:.75rem;justify-content:space-between}
.brand{display:flex;align-items:center;gap:.6rem;font-weight:700;font-size:1.15rem;min-width:0;overflow-wrap:anywhere}.brand img{height:40px;width:auto;border-radius:.25rem;background:#fff}
nav.menu ul{max-width:64rem;margin:0 auto;padding:0 1rem .6rem;list-style:none;display:flex;flex-wrap:wrap;gap:.25rem 1rem}nav.menu a{display:inline-block;padding:.3rem 0;text-decoration:underline;text-underline-offset:3px;overflow-wrap:anywhere}nav.menu a[aria-current]{font-weight:700;text-decoration-thickness:3px}
.cartlink{white-space:nowrap;font-weight:600;border:2px solid ${ink};border-radius:.5rem;padding:.35rem .7rem}
main{max-width:64rem;margin:0 auto;padding:1rem 1rem 3rem}h1{font-size:1.6rem;margin:.5rem 0}h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
p,li,td,th,h1,h2,h3{overflow-wrap:anywhere}.muted{color:#57534e}
.card{background:#fff;border:1px solid #e7e5e4;border-radius:.75rem;padding:1rem;margin-top:.75rem}
form.party{display:grid;grid-template-columns:repeat(auto-fit,minmax(9rem,1fr));gap:.75rem;align-items:end}
label{display:block;font-weight:600;margin:0 0 .25rem}.field{margin-top:.75rem}
input,select{width:100%;font:inherit;padding:.55rem .65rem;border:1px solid #a8a29e;border-radius:.5rem;background:#fff;min-height:44px}
input[type=checkbox]{width:1.25rem;min-height:1.25rem;margin:.2rem 0 0}
.check{display:flex;gap:.5rem;align-items:flex-start;font-weight:400}input[type=radio]{width:1.25rem;min-height:1.25rem;margin:.2rem 0 0}
fieldset{border:0;padding:0;margin:.75rem 0 0;min-width:0}legend{font-weight:600;padding:0;margin:0 0 .25rem}.choices{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem}.choices label{margin:0}
details{margin-top:.75rem}summary{cursor:pointer;font-weight:600;padding:.6rem 0}.terms{white-space:pre-line;border:1px solid #e7e5e4;border-radius:.5rem;padding:.75rem;background:#fafaf9}
button,.button{display:inline-block;text-align:center;text-decoration:none;font:inherit;font-weight:600;border-radius:.5rem;padding:.65rem 1rem;border:2px solid ${colour};background:${colour};color:${ink};min-height:44px;cursor:pointer}
button.secondary,.button.secondary{background:#fff;color:#1c1917;border-color:#a8a29e}
a{color:#1d4ed8}input:focus-visible,select:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.alert{border:1px solid #b91c1c;background:#fef2f2;color:#7f1d1d;border-radius:.5rem;padding:.75rem;margin-top:1rem}.alert.ok{border-color:#15803d;background:#f0fdf4;color:#14532d}
.err{color:#b91c1c;font-size:.9rem;margin:.2rem 0 0}
nav.cats ul{list-style:none;padding:0;margin:.5rem 0;display:flex;flex-wrap:wrap;gap:.5rem}nav.cats a{display:inline-block;padding:.4rem .75rem;border:1px solid #d6d3d1;border-radius:999px;background:#fff;text-decoration:none;color:#1c1917}nav.cats a[aria-current]{background:${colour};border-color:${colour};color:${ink}}
ul.grid{list-style:none;padding:0;margin:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));gap:1rem}
ul.grid li{background:#fff;border:1px solid #e7e5e4;border-radius:.75rem;overflow:hidden;display:flex;flex-direction:column}
ul.grid img{display:block;width:100%;aspect-ratio:4/3;object-fit:cover;background:#f5f5f4}
.body{padding:.75rem;display:flex;flex-direction:column;gap:.35rem;flex:1}.body h3{margin:0;font-size:1.05rem}.price{font-weight:700;font-size:1.1rem}
.product{display:grid;gap:1rem}@media(min-width:48rem){.product{grid-template-columns:1fr 1fr}}.product img{width:100%;height:auto;border-radius:.75rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem;margin:.5rem 0}dt{font-weight:600}dd{margin:0}
table{width:100%;border-collapse:collapse}td,th{padding:.45rem 0;text-align:left;vertical-align:top}td.n,th.n{text-align:right;white-space:nowrap;padding-left:.75rem}
tr+tr td{border-top:1px solid #f5f5f4}.total td{font-weight:700;border-top:2px solid #d6d3d1}
.timer{font-weight:700;font-variant-numeric:tabular-nums}.row{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}.row form{margin:0}
.two{display:grid;gap:0 .75rem;grid-template-columns:repeat(auto-fit,minmax(12rem,1fr))}
.days{list-style:none;padding:0;margin:.5rem 0;display:grid;grid-template-columns:repeat(auto-fill,minmax(6.5rem,1fr));gap:.4rem}.days li{border:1px solid #e7e5e4;border-radius:.5rem;padding:.35rem .5rem;background:#fff;font-size:.9rem}
`;
};

export function layout(
  store: Store,
  page: { title: string; description?: string; body: string; noindex?: boolean; head?: string },
  cartCount: number,
  partyQs = '',
) {
  const logo =
    store.logo && /^(\/|data:image\/)/.test(store.logo)
      ? `<img src="${esc(store.logo)}" alt="">`
      : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(page.title)}</title>${page.description ? `<meta name="description" content="${esc(page.description)}">` : ''}
${page.noindex ? '<meta name="robots" content="noindex">' : ''}<style>${style(store.colour, store.font)}</style>${page.head ?? ''}</head>
<body><header class="top"><div class="bar"><a class="brand" href="/s/${esc(store.slug)}${partyQs}">${logo}<span>${esc(store.name)}</span></a>
<a class="cartlink" href="/s/${esc(store.slug)}/cart">Cart (${cartCount})</a></div>${siteMenu(store)}</header>
<main>${page.body}</main><script src="/s/assets/store.js" defer></script></body></html>`;
}

/** The website's pages as links under the bar: they wrap at 390 px, no script needed. */
const siteMenu = (store: Store) =>
  store.menu?.length
    ? `<nav class="menu" aria-label="Pages"><ul>${store.menu
        .map(
          (l) =>
            `<li><a href="${esc(l.href)}"${l.current ? ' aria-current="page"' : ''}>${esc(l.label)}</a></li>`,
        )
        .join('')}</ul></nav>`
    : '';

export const partyQuery = (p: Party | null) =>
  p ? `?${new URLSearchParams({ date: p.date, start: p.start, end: p.end, zip: p.zip })}` : '';

const fieldError = (id: string, errors: Record<string, string[]>, key = id) =>
  errors[key]?.[0] ? `<p class="err" id="${id}-error">${esc(errors[key][0])}</p>` : '';
const described = (id: string, errors: Record<string, string[]>, key = id) =>
  errors[key]?.[0] ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';

export function partyForm(
  store: Store,
  party: Partial<Party>,
  errors: Record<string, string[]> = {},
  action = `/s/${store.slug}`,
  /** For a page that shows the form more than once: its ids' prefix, and its own heading. */
  { idPrefix = '', heading = 'When and where is your party?' } = {},
) {
  const input = (
    name: string,
    label: string,
    type: string,
    value: string | undefined,
    extra = '',
  ) => {
    const id = `${idPrefix}${name}`;
    return `<div><label for="${id}">${label}</label><input id="${id}" name="${name}" type="${type}" value="${esc(value ?? '')}" required${extra}${described(id, errors, name)}>${fieldError(id, errors, name)}</div>`;
  };
  const when = `${idPrefix}when`;
  return `<section class="card" aria-labelledby="${when}"><h2 id="${when}" style="margin-top:0">${esc(heading)}</h2>
<form class="party" method="get" action="${esc(action)}">
${input('date', 'Party date', 'date', party.date)}
${input('start', 'Starts', 'time', party.start ?? '12:00')}
${input('end', 'Ends', 'time', party.end ?? '18:00')}
${input('zip', 'ZIP code', 'text', party.zip, ' inputmode="numeric" autocomplete="postal-code" pattern="[0-9]{5}" maxlength="5"')}
<div><button type="submit">Show what’s available</button></div></form></section>`;
}

export type OfferedProduct = StoreProduct & { available: number; price: number };

const imageSrc = (store: Store, imageId: string, size: 'full' | 'thumbnail') =>
  `/s/${esc(store.slug)}/images/${esc(imageId)}/${size}`;

export function catalogBody(
  store: Store,
  party: Party,
  categories: StoreCategory[],
  current: StoreCategory | null,
  offered: OfferedProduct[],
  refusal: string | null,
) {
  const money = (c: number) => formatMoney(c, store.currency, store.locale);
  const qs = partyQuery(party);
  // `categories`: those the store has products in, free for this party or not (a category
  // page counts only its own stock).
  const nav = categories.length
    ? `<nav class="cats" aria-label="Categories"><ul><li><a href="/s/${esc(store.slug)}${qs}"${current ? '' : ' aria-current="page"'}>Everything</a></li>${categories
        .map(
          (c) =>
            `<li><a href="/s/${esc(store.slug)}/c/${esc(c.slug)}${qs}"${current?.id === c.id ? ' aria-current="page"' : ''}>${esc(c.name)}</a></li>`,
        )
        .join('')}</ul></nav>`
    : '';
  if (refusal) return `<div class="alert" role="alert">${esc(refusal)}</div>`;
  const shown = current ? offered.filter((p) => p.categoryId === current.id) : offered;
  const grid = shown.length
    ? `<ul class="grid">${shown
        .map(
          (
            p,
          ) => `<li>${p.imageId ? `<img src="${imageSrc(store, p.imageId, 'thumbnail')}" alt="" width="240" height="180" loading="lazy">` : ''}
<div class="body"><h3><a href="/s/${esc(store.slug)}/p/${esc(p.slug)}${qs}">${esc(p.name)}</a></h3>
<p class="price">${money(p.price)} <span class="muted" style="font-weight:400;font-size:.9rem">for your party</span></p>
<form method="post" action="/s/${esc(store.slug)}/cart" style="margin-top:auto">${hiddenParty(party)}<input type="hidden" name="product" value="${esc(p.slug)}"><input type="hidden" name="quantity" value="1">
<button type="submit" aria-label="Add ${esc(p.name)} to cart">Add to cart</button></form></div></li>`,
        )
        .join('')}</ul>`
    : '<p>Nothing is free for these times. Try another day or other times.</p>';
  return `${nav}<h2>${current ? esc(current.name) : 'Available for your party'}</h2>${current?.description ? `<p class="muted">${esc(current.description)}</p>` : ''}${grid}`;
}

export const hiddenParty = (p: Party) =>
  (['date', 'start', 'end', 'zip'] as const)
    .map((k) => `<input type="hidden" name="${k}" value="${esc(p[k])}">`)
    .join('');

const cm = (cm: number | null | undefined) => (cm ? `${Math.round(cm / 30.48)} ft` : null);

export function productBody(
  store: Store,
  product: StoreProduct,
  party: Party | null,
  offer: { available: number; price: number; closed: string | null } | null,
  nextDays: { date: string; available: boolean }[],
) {
  const money = (c: number) => formatMoney(c, store.currency, store.locale);
  const size = [
    cm(product.dimensions?.lengthCm),
    cm(product.dimensions?.widthCm),
    cm(product.dimensions?.heightCm),
  ];
  const details: [string, string | null][] = [
    ['Size', size.every(Boolean) ? size.join(' × ') : null],
    ['Power', product.powerNeeds],
    ['Capacity', product.capacity],
  ];
  const status = !party
    ? '<p>Choose your party’s date and ZIP code to see the price and whether it is free.</p>'
    : offer?.closed
      ? `<p class="alert" role="status">${esc(offer.closed)}</p>`
      : offer && offer.available > 0
        ? `<p class="price">${money(offer.price)} <span class="muted" style="font-weight:400">for your party</span></p><p><strong>Available</strong> for your party.</p>
<form method="post" action="/s/${esc(store.slug)}/cart">${hiddenParty(party)}<input type="hidden" name="product" value="${esc(product.slug)}">
<div class="row"><div style="width:6rem"><label for="quantity">Quantity</label><input id="quantity" name="quantity" type="number" min="1" max="${Math.min(offer.available, 50)}" value="1"></div>
<button type="submit" style="align-self:flex-end">Add to cart</button></div></form>`
        : '<p class="alert" role="status">Not available for your party. See the days below, or try other times.</p>';
  const days = nextDays.length
    ? `<h2>Other days</h2><p class="muted">Same times, the days after your party.</p><ul class="days">${nextDays
        .map(
          (d) =>
            `<li><a href="/s/${esc(store.slug)}/p/${esc(product.slug)}${partyQuery(party ? { ...party, date: d.date } : null)}">${esc(
              dateTimeFormat(store.locale, {
                weekday: 'short',
                month: 'short',
                day: 'numeric',
                timeZone: 'UTC',
              }).format(new Date(`${d.date}T00:00:00Z`)),
            )}</a><br>${d.available ? 'Available' : 'Booked'}</li>`,
        )
        .join('')}</ul>`
    : '';
  return `<p><a href="/s/${esc(store.slug)}${partyQuery(party)}">← All products</a></p>
<div class="product">${product.imageId ? `<div><img src="${imageSrc(store, product.imageId, 'full')}" alt="${esc(product.name)}" width="800" height="600"></div>` : ''}
<div><h1>${esc(product.name)}</h1>${product.description ? `<p>${esc(product.description)}</p>` : ''}
<dl>${details
    .filter(([, v]) => v)
    .map(([k, v]) => `<dt>${k}</dt><dd>${esc(v as string)}</dd>`)
    .join('')}</dl>${status}</div></div>${days}`;
}

/** schema.org Product with its offer's price and availability for the party (§10, SEO). */
export function productJsonLd(
  store: Store,
  product: StoreProduct,
  url: string,
  offer: { available: number; price: number } | null,
) {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    ...(product.description ? { description: product.description } : {}),
    ...(product.imageId
      ? { image: url.replace(/\/s\/.*$/, imageSrc(store, product.imageId, 'full')) }
      : {}),
    url,
    brand: { '@type': 'Brand', name: store.name },
    ...(offer
      ? {
          offers: {
            '@type': 'Offer',
            price: (offer.price / 100).toFixed(2),
            priceCurrency: store.currency,
            availability:
              offer.available > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
            url,
          },
        }
      : {}),
  };
  // JSON in a data block: "<" escaped so no text can close the element.
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

export type CartLineView = {
  name: string;
  slug: string;
  quantity: number;
  unitPriceCents: number;
};

export function cartBody(
  store: Store,
  cart: { holdExpiresAt: Date | null; party: Party | null },
  lines: CartLineView[],
  notice: Notice,
  now: Date,
) {
  const money = (c: number) => formatMoney(c, store.currency, store.locale);
  const alert = notice
    ? `<div class="alert${notice.kind === 'ok' ? ' ok' : ''}" role="${notice.kind === 'ok' ? 'status' : 'alert'}">${esc(notice.text)}</div>`
    : '';
  if (lines.length === 0)
    return `<h1>Your cart</h1>${alert}<p>Your cart is empty.</p><p><a class="button" href="/s/${esc(store.slug)}${partyQuery(cart.party)}">Find party rentals</a></p>`;
  const left = cart.holdExpiresAt ? cart.holdExpiresAt.getTime() - now.getTime() : 0;
  const timer = `<p class="card" data-expires="${cart.holdExpiresAt?.toISOString() ?? ''}" data-extend="/s/${esc(store.slug)}/cart/extend">We are holding these items for you for another <span class="timer" role="timer" aria-live="off">${countdownText(left)}</span>. Your hold restarts while you keep shopping.</p>`;
  const rows = lines
    .map(
      (
        l,
      ) => `<tr><td><a href="/s/${esc(store.slug)}/p/${esc(l.slug)}${partyQuery(cart.party)}">${esc(l.name)}</a></td><td class="n">× ${l.quantity}</td><td class="n">${money(l.unitPriceCents * l.quantity)}</td>
<td class="n"><form method="post" action="/s/${esc(store.slug)}/cart/remove"><input type="hidden" name="product" value="${esc(l.slug)}"><button class="secondary" type="submit" aria-label="Remove ${esc(l.name)}">Remove</button></form></td></tr>`,
    )
    .join('');
  const subtotal = lines.reduce((n, l) => n + l.unitPriceCents * l.quantity, 0);
  const when = cart.party
    ? `<p class="muted">Party on ${esc(cart.party.date)}, ${esc(cart.party.start)}–${esc(cart.party.end)}, ZIP ${esc(cart.party.zip)}</p>`
    : '';
  return `<h1>Your cart</h1>${alert}${when}${timer}
<table><caption class="muted" style="text-align:left">Items</caption><thead><tr><th>Item</th><th class="n">Qty</th><th class="n">Price</th><th class="n"><span style="position:absolute;left:-9999px">Remove</span></th></tr></thead>
<tbody>${rows}<tr class="total"><td colspan="2">Rental subtotal</td><td class="n">${money(subtotal)}</td><td></td></tr></tbody></table>
<p class="row" style="margin-top:1rem"><a class="button" href="/s/${esc(store.slug)}/checkout">Checkout</a><a class="button secondary" href="/s/${esc(store.slug)}${partyQuery(cart.party)}">Keep shopping</a></p>`;
}

export type CheckoutValues = Record<string, string>;

/** A select whose options are [value, label] pairs; the chosen one is `values[id]`. */
const select = (
  id: string,
  label: string,
  options: [string, string][],
  values: CheckoutValues,
  errors: Record<string, string[]>,
  hint = '',
) =>
  `<div class="field"><label for="${id}">${label}</label>${hint ? `<p class="muted" id="${id}-hint" style="margin:0 0 .25rem">${esc(hint)}</p>` : ''}<select id="${id}" name="${id}"${hint && !errors[id]?.[0] ? ` aria-describedby="${id}-hint"` : ''}${errors[id]?.[0] ? ` aria-invalid="true" aria-describedby="${hint ? `${id}-hint ` : ''}${id}-error"` : ''}>${options
    .map(
      ([value, text]) =>
        `<option value="${esc(value)}"${(values[id] ?? options[0]?.[0]) === value ? ' selected' : ''}>${esc(text)}</option>`,
    )
    .join('')}</select>${fieldError(id, errors)}</div>`;

/** A yes/no radio group in a fieldset whose legend asks the question. */
const radios = (
  id: string,
  legend: string,
  options: [string, string][],
  values: CheckoutValues,
  errors: Record<string, string[]>,
) =>
  `<fieldset${errors[id]?.[0] ? ` aria-describedby="${id}-error"` : ''}><legend>${legend}</legend><div class="choices">${options
    .map(
      ([value, text]) =>
        `<label class="check"><input type="radio" name="${id}" value="${esc(value)}"${values[id] === value ? ' checked' : ''}${errors[id]?.[0] ? ' aria-invalid="true"' : ''}> <span>${esc(text)}</span></label>`,
    )
    .join('')}</div>${fieldError(id, errors)}</fieldset>`;

/** §2 the damage waiver: a choice when optional (kept unless declined), a line when mandatory. */
function waiverSection(
  waiver: CheckoutSite['waiver'],
  values: CheckoutValues,
  errors: Record<string, string[]>,
  locale: string,
) {
  if (waiver.mode === 'off') return '';
  const rate = `${(waiver.percentBps / 100).toLocaleString(locale, { maximumFractionDigits: 2 })}% of the rental`;
  const what = 'It covers accidental damage to the rentals during your party.';
  const body =
    waiver.mode === 'mandatory'
      ? `<p>A damage waiver (${rate}) is part of every booking. ${what}</p>`
      : `<p class="muted">${what}</p>${radios(
          'damageWaiver',
          `Add the damage waiver (${rate})?`,
          [
            ['yes', 'Yes, add the damage waiver'],
            ['no', 'No thanks: I pay for any damage'],
          ],
          { ...values, damageWaiver: values.damageWaiver === 'no' ? 'no' : 'yes' },
          errors,
        )}`;
  return `<section class="card" aria-labelledby="waiver"><h2 id="waiver" style="margin-top:0">Damage waiver</h2>${body}</section>`;
}

export function checkoutBody(
  store: Store,
  values: CheckoutValues,
  errors: Record<string, string[]>,
  notice: Notice,
  zip: string,
  site: CheckoutSite,
) {
  const input = (id: string, label: string, type = 'text', autocomplete = '', extra = '') =>
    `<div class="field"><label for="${id}">${label}</label><input id="${id}" name="${id}" type="${type}" value="${esc(values[id] ?? '')}"${autocomplete ? ` autocomplete="${autocomplete}"` : ''}${extra}${described(id, errors)}>${fieldError(id, errors)}</div>`;
  const alert = notice
    ? `<div class="alert" role="alert">${esc(notice.text)}</div>`
    : Object.keys(errors).length
      ? '<div class="alert" role="alert">Check the fields marked below.</div>'
      : '';
  return `<h1>Checkout</h1>${alert}
<form method="post" action="/s/${esc(store.slug)}/checkout" novalidate>
<section class="card" aria-labelledby="contact"><h2 id="contact" style="margin-top:0">Your details</h2>
<div class="two">${input('firstName', 'First name', 'text', 'given-name')}${input('lastName', 'Last name', 'text', 'family-name')}</div>
<div class="two">${input('email', 'E-mail', 'email', 'email')}${input('phone', 'Mobile phone', 'tel', 'tel')}</div>
<div class="field"><label class="check"><input type="checkbox" name="textConsent" value="yes"${values.textConsent === 'yes' ? ' checked' : ''}> <span>Text me about this booking (delivery times, reminders). Reply STOP to opt out.</span></label></div></section>
<section class="card" aria-labelledby="where"><h2 id="where" style="margin-top:0">Party address</h2>
${input('line1', 'Street address', 'text', 'address-line1')}
<div class="two">${input('city', 'City', 'text', 'address-level2')}${input('region', 'State', 'text', 'address-level1', ' maxlength="2"')}</div>
<p class="muted">ZIP code ${esc(zip)} (from your search)</p></section>
<section class="card" aria-labelledby="site"><h2 id="site" style="margin-top:0">Setup spot</h2>
${
  site.surfaces.length
    ? select(
        'surfaceId',
        'Where will it be set up?',
        [
          [STORE_SURFACE_UNSURE, 'Not sure yet'],
          ...site.surfaces.map((x): [string, string] => [x.id, x.name]),
        ],
        values,
        errors,
        'Some items can’t go on every surface; some need stakes or sandbags.',
      )
    : ''
}
${input('gateCode', 'Gate code or how to reach the setup spot (optional)', 'text', 'off', ' maxlength="200"')}
${radios(
  'power',
  'Is there a power outlet within 50 ft of the setup spot?',
  [
    ['yes', 'Yes'],
    ['no', 'No'],
    ['unsure', 'Not sure'],
  ],
  values,
  errors,
)}
${radios(
  'stairs',
  'Any stairs, steps or a steep slope on the way in?',
  [
    ['yes', 'Yes'],
    ['no', 'No'],
  ],
  values,
  errors,
)}</section>
<section class="card" aria-labelledby="when-deliver"><h2 id="when-deliver" style="margin-top:0">Delivery</h2>
${select(
  'deliveryWindow',
  'Delivery time',
  [
    [STORE_WINDOW_ANY, 'Any time before the party'],
    ...site.windows.map((w): [string, string] => [w.value, w.label]),
  ],
  values,
  errors,
)}</section>
${waiverSection(site.waiver, values, errors, store.locale)}
<section class="card" aria-labelledby="coupon"><h2 id="coupon" style="margin-top:0">Coupon</h2>${input('couponCode', 'Coupon code (optional)')}</section>
<p style="margin-top:1rem"><button type="submit">See the total</button></p></form>`;
}

export type PreviewView = {
  lines: { name: string; quantity: number; amount: number }[];
  fees: { description: string; amount: number }[];
  totals: OrderTotals;
  coupon: { code: string; description: string | null } | null;
};

export type ReviewSite = {
  surface: string | null;
  needsApproval: string[];
  window: string | null;
  gateCode: string | null;
  siteNote: string | null;
  /** An optional damage waiver's choice, in words; null where there is no choice. */
  waiver: string | null;
  terms: string;
  termsAccepted: boolean;
  errors: Record<string, string[]>;
};

export function reviewBody(
  store: Store,
  values: CheckoutValues,
  preview: PreviewView,
  /** The buttons the store's checkout mode allows (decision 0068). */
  choices: { book: boolean; quote: boolean },
  site: ReviewSite,
) {
  const canBook = choices.book;
  const money = (c: number) => formatMoney(c, store.currency, store.locale);
  const t = preview.totals;
  const rows: [string, number][] = [
    ...preview.lines.map((l) => [`${l.name} × ${l.quantity}`, l.amount] as [string, number]),
    ...preview.fees.map((f) => [f.description, f.amount] as [string, number]),
  ];
  if (t.damageWaiver > 0) rows.push(['Damage waiver', t.damageWaiver]);
  if (t.discounts > 0)
    rows.push([preview.coupon ? `Coupon ${preview.coupon.code}` : 'Discount', -t.discounts]);
  rows.push(['Tax', t.tax]);
  const hidden = Object.entries(values)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  const pay = t.depositDue > 0 ? t.depositDue : t.total;
  const facts: [string, string][] = [
    ['Setup surface', site.surface ?? 'Not sure yet'],
    ['Delivery time', site.window ?? 'Any time before the party'],
    ...(site.gateCode ? [['Gate code or access', site.gateCode] as [string, string]] : []),
    ...(site.waiver ? [['Damage waiver', site.waiver] as [string, string]] : []),
    ...(site.siteNote
      ? [
          ['Setup spot', site.siteNote.replace(/^Site: p/, 'P').replace(/^Site: s/, 'S')] as [
            string,
            string,
          ],
        ]
      : []),
  ];
  const approvals = site.needsApproval
    .map(
      (name) =>
        `<p class="alert ok" role="status">${esc(`${name} on ${site.surface} needs our approval: we’ll confirm before your party.`)}</p>`,
    )
    .join('');
  const termsError = site.errors.termsAccepted?.[0];
  const terms = `<details><summary>Read the rental terms</summary><div class="terms">${esc(site.terms)}</div></details>
<div class="field"><label class="check"><input type="checkbox" name="termsAccepted" value="yes" required${site.termsAccepted ? ' checked' : ''}${termsError ? ' aria-invalid="true" aria-describedby="termsAccepted-error"' : ''}> <span>I accept the rental terms</span></label>${termsError ? `<p class="err" id="termsAccepted-error">${esc(termsError)}</p>` : ''}</div>`;
  return `<h1>Review and book</h1>${termsError ? '<div class="alert" role="alert">Check the field marked below.</div>' : ''}
<dl>${facts.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('')}</dl>${approvals}
<table><caption class="muted" style="text-align:left">Everything you pay</caption><thead><tr><th>Item</th><th class="n">Amount</th></tr></thead><tbody>
${rows.map(([k, v]) => `<tr><td>${esc(k)}</td><td class="n">${money(v)}</td></tr>`).join('')}
<tr class="total"><td>Total</td><td class="n">${money(t.total)}</td></tr>
${t.depositDue > 0 ? `<tr><td>Deposit to book now</td><td class="n">${money(t.depositDue)}</td></tr><tr><td>Balance due later</td><td class="n">${money(t.total - t.depositDue)}</td></tr>` : ''}
${t.securityDeposit > 0 ? `<tr><td>Refundable security deposit (not in the total)</td><td class="n">${money(t.securityDeposit)}</td></tr>` : ''}
</tbody></table>
<div class="row" style="margin-top:1rem">
${canBook ? `<form method="post" action="/s/${esc(store.slug)}/checkout/place" style="flex-basis:100%">${hidden}<input type="hidden" name="choice" value="book">${terms}<p><button type="submit">Book and pay ${money(pay)}</button></p></form>` : ''}
${choices.quote ? `<form method="post" action="/s/${esc(store.slug)}/checkout/place">${hidden}<input type="hidden" name="choice" value="quote"><button class="${canBook ? 'secondary' : ''}" type="submit">Request a quote</button></form>` : ''}
<a class="button secondary" href="/s/${esc(store.slug)}/checkout">Change details</a></div>
${choices.quote ? '<p class="muted">Request a quote: we check everything and send you the quote to accept; nothing is charged now.</p>' : ''}`;
}

export function confirmationBody(
  store: Store,
  order: { number: number; status: string; total: number; paid: number } | null,
  orderUrl: string | null,
) {
  const money = (c: number) => formatMoney(c, store.currency, store.locale);
  if (!order)
    return `<h1>Nothing to confirm</h1><p>We could not find a finished checkout from this browser.</p><p><a href="/s/${esc(store.slug)}">Back to the store</a></p>`;
  const booked = ['reserved', 'confirmed'].includes(order.status);
  const heading = booked
    ? `Booked! Order #${order.number}`
    : order.status === 'hold'
      ? `Order #${order.number}: waiting for your payment`
      : `Quote requested: #${order.number}`;
  const text = booked
    ? `Thank you: your deposit of ${money(order.paid)} is paid and your party rentals are reserved. Total ${money(order.total)}.`
    : order.status === 'hold'
      ? 'Your payment is not confirmed yet. If you closed the payment page, your items stay held for a short while: use the link below to pay.'
      : 'Thank you: we have your request and will send you a quote shortly. Nothing has been charged.';
  return `<h1>${esc(heading)}</h1><div class="alert ok" role="status">${esc(text)}</div>
${orderUrl ? `<p style="margin-top:1rem"><a class="button" href="${esc(orderUrl)}">See your order</a></p>` : ''}
<p><a href="/s/${esc(store.slug)}">Back to the store</a></p>`;
}

export const NOT_FOUND_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Not found</title></head><body style="font:16px system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem"><main><h1>This page does not exist</h1><p>Check the address of the store.</p></main></body></html>`;
