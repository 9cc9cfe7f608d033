import { formatMoney, type ProductPricing, type WebsiteSection } from '@tentpole/domain';
import {
  esc,
  partyForm,
  type Store,
  type StoreCategory,
  type StoreProduct,
} from '../store/index.js';

/**
 * A website page as the store draws it (issue 20 item 4). Every text staff wrote goes through
 * `esc`: a page never carries raw HTML. One h1 per page (the hero's heading, else the page's
 * title); each section is a <section> under an h2. Records deleted since the page was saved
 * are left out.
 */

export type SiteData = {
  categories: StoreCategory[];
  /** The store's products, with the category ids the store has products in. */
  products: StoreProduct[];
  /** Where an uploaded image is loaded from (the store's address, or the builder's). */
  imageUrl: (id: string) => string;
  /** Where the contact form posts, and what it shows after a post (errors or thanks). */
  contact: ContactState;
};

export type ContactState = {
  action: string;
  /** The page the form is on (its slug; empty for the home page). */
  page: string;
  /** The contact section that was posted (its id), with what was sent and what was wrong. */
  section?: string;
  values?: Record<string, string>;
  errors?: Record<string, string[]>;
  /** The section's message was received ("Thanks!"). */
  sent?: boolean;
};

/** The lowest price a product rents for: its shortest tier, its minimum, or its flat price. */
export function fromPriceCents(pricing: ProductPricing): number {
  if (pricing.mode === 'daily') return Math.min(...pricing.tiers.map((t) => t.amount));
  if (pricing.mode === 'hourly') return pricing.minimumAmount;
  return pricing.amount;
}

/** Plain text with a blank line between paragraphs, and line breaks kept. */
const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${esc(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

const h2 = (section: WebsiteSection, heading: string) =>
  heading ? `<h2 id="${esc(`s-${section.id}`)}">${esc(heading)}</h2>` : '';
const wrap = (section: WebsiteSection, heading: string, body: string, extra = '') =>
  `<section class="ws ws-${section.type}"${heading ? ` aria-labelledby="${esc(`s-${section.id}`)}"` : ''}${extra}>${h2(section, heading)}${body}</section>`;

function contactForm(
  section: Extract<WebsiteSection, { type: 'contact_form' }>,
  state: ContactState,
) {
  const heading = section.heading || 'Contact us';
  const mine = state.section === section.id;
  if (mine && state.sent)
    return wrap(
      section,
      heading,
      `<div class="alert ok" role="status">Thanks! We'll be in touch soon.</div>`,
    );
  const values = (mine && state.values) || {};
  const errors = (mine && state.errors) || {};
  const field = (name: string, label: string, type: string, extra = '') => {
    const id = `${section.id}-${name}`;
    const error = errors[name]?.[0];
    const aria = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
    const input =
      type === 'textarea'
        ? `<textarea id="${id}" name="${name}" rows="5"${extra}${aria}>${esc(values[name] ?? '')}</textarea>`
        : `<input id="${id}" name="${name}" type="${type}" value="${esc(values[name] ?? '')}"${extra}${aria}>`;
    return `<div class="field"><label for="${id}">${label}</label>${input}${error ? `<p class="err" id="${id}-error">${esc(error)}</p>` : ''}</div>`;
  };
  const alert = Object.keys(errors).length
    ? '<div class="alert" role="alert">Check the fields marked below.</div>'
    : '';
  return wrap(
    section,
    heading,
    `${section.text ? `<p>${esc(section.text)}</p>` : ''}${alert}
<form method="post" action="${esc(state.action)}" class="card">
<input type="hidden" name="page" value="${esc(state.page)}"><input type="hidden" name="section" value="${esc(section.id)}">
<div class="hp" aria-hidden="true"><label for="${esc(section.id)}-website">Leave this empty</label><input id="${esc(section.id)}-website" name="website" type="text" tabindex="-1" autocomplete="off"></div>
<div class="two">${field('name', 'Your name', 'text', ' required maxlength="100" autocomplete="name"')}${field('email', 'E-mail', 'email', ' required maxlength="200" autocomplete="email"')}</div>
${field('phone', 'Phone (optional)', 'tel', ' maxlength="30" autocomplete="tel"')}
${field('message', 'Message', 'textarea', ' required maxlength="2000"')}
<p><button type="submit">Send message</button></p></form>`,
  );
}

function section(store: Store, s: WebsiteSection, data: SiteData, isFirstHeading: boolean): string {
  const slug = esc(store.slug);
  switch (s.type) {
    case 'hero': {
      const tag = isFirstHeading ? 'h1' : 'h2';
      const image = s.imageId
        ? `<img class="hero-img" src="${esc(data.imageUrl(s.imageId))}" alt="" width="1600" height="900">`
        : '';
      return `<section class="ws ws-hero">${image}<div class="hero-text"><${tag}>${esc(s.heading)}</${tag}>${s.text ? `<p class="lead">${esc(s.text)}</p>` : ''}</div>${s.showBookingSearch ? partyForm(store, {}, {}, `/s/${store.slug}`, `${s.id}-`) : ''}</section>`;
    }
    case 'booking_search':
      return wrap(s, s.heading, partyForm(store, {}, {}, `/s/${store.slug}`, `${s.id}-`));
    case 'category_grid': {
      const byId = new Map(data.categories.map((c) => [c.id, c]));
      const shown = s.categoryIds.length
        ? s.categoryIds.flatMap((id) => byId.get(id) ?? [])
        : data.categories.filter((c) => data.products.some((p) => p.categoryId === c.id));
      if (!shown.length) return '';
      return wrap(
        s,
        s.heading,
        `<ul class="tiles">${shown
          .map(
            (c) =>
              `<li><a href="/s/${slug}/c/${esc(c.slug)}"><strong>${esc(c.name)}</strong>${c.description ? `<span class="muted">${esc(c.description)}</span>` : ''}</a></li>`,
          )
          .join('')}</ul>`,
      );
    }
    case 'product_grid': {
      const byId = new Map(data.products.map((p) => [p.id, p]));
      const shown = s.productIds.flatMap((id) => byId.get(id) ?? []);
      if (!shown.length) return '';
      const money = (c: number) => formatMoney(c, store.currency, store.locale);
      return wrap(
        s,
        s.heading,
        `<ul class="grid">${shown
          .map(
            (p) =>
              `<li>${p.imageId ? `<img src="/s/${slug}/images/${esc(p.imageId)}/thumbnail" alt="" width="240" height="180" loading="lazy">` : ''}<div class="body"><h3><a href="/s/${slug}/p/${esc(p.slug)}">${esc(p.name)}</a></h3><p class="price">from ${money(fromPriceCents(p.pricing))}</p></div></li>`,
          )
          .join('')}</ul>`,
      );
    }
    case 'text':
      return wrap(s, s.heading, paragraphs(s.body));
    case 'image':
      return wrap(
        s,
        '',
        `<figure><img src="${esc(data.imageUrl(s.imageId))}" alt="${esc(s.alt)}" loading="lazy">${s.caption ? `<figcaption>${esc(s.caption)}</figcaption>` : ''}</figure>`,
      );
    case 'gallery':
      return wrap(
        s,
        s.heading,
        `<ul class="gallery">${s.images
          .map(
            (i) =>
              `<li><img src="${esc(data.imageUrl(i.imageId))}" alt="${esc(i.alt)}" loading="lazy"></li>`,
          )
          .join('')}</ul>`,
      );
    case 'faq':
      return wrap(
        s,
        s.heading,
        s.items
          .map(
            (i) =>
              `<details class="faq"><summary>${esc(i.question)}</summary>${paragraphs(i.answer)}</details>`,
          )
          .join(''),
      );
    case 'testimonials':
      return wrap(
        s,
        s.heading,
        `<div class="quotes">${s.items
          .map(
            (i) =>
              `<figure class="card"><blockquote>${paragraphs(i.quote)}</blockquote>${i.name ? `<figcaption>${esc(i.name)}</figcaption>` : ''}</figure>`,
          )
          .join('')}</div>`,
      );
    case 'contact_form':
      return contactForm(s, data.contact);
  }
}

/** The sections' own styles (the store's layout brings the rest). */
export const SITE_STYLE = `<style>
.ws{margin:1.5rem 0}.ws-hero{margin-top:0}.hero-img{display:block;width:100%;height:auto;max-height:26rem;object-fit:cover;border-radius:.75rem}
.hero-text h1,.hero-text h2{font-size:2rem;margin:1rem 0 .25rem}.lead{font-size:1.15rem;color:#44403c;margin:0}
ul.tiles{list-style:none;padding:0;margin:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(12rem,1fr));gap:.75rem}
ul.tiles a{display:flex;flex-direction:column;gap:.25rem;height:100%;padding:1rem;background:#fff;border:1px solid #e7e5e4;border-radius:.75rem;text-decoration:none;color:#1c1917;overflow-wrap:anywhere}
ul.gallery{list-style:none;padding:0;margin:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(10rem,1fr));gap:.5rem}ul.gallery img{display:block;width:100%;aspect-ratio:1;object-fit:cover;border-radius:.5rem}
figure{margin:0}figure img{display:block;max-width:100%;height:auto;border-radius:.75rem}figcaption{color:#57534e;margin-top:.35rem;overflow-wrap:anywhere}
.quotes{display:grid;gap:.75rem;grid-template-columns:repeat(auto-fit,minmax(15rem,1fr))}blockquote{margin:0;font-style:italic}blockquote p{margin:0 0 .5rem}
details.faq{background:#fff;border:1px solid #e7e5e4;border-radius:.5rem;padding:0 .85rem;margin-top:.5rem}details.faq p{margin:0 0 .75rem}
textarea{width:100%;font:inherit;padding:.55rem .65rem;border:1px solid #a8a29e;border-radius:.5rem;background:#fff}textarea:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
</style>`;

/** The page's sections as HTML; the page's title is the h1 when no hero comes first. */
export function renderSections(
  store: Store,
  page: { title: string; sections: WebsiteSection[] },
  data: SiteData,
): string {
  const heroFirst = page.sections[0]?.type === 'hero';
  const title = heroFirst ? '' : `<h1>${esc(page.title)}</h1>`;
  return `${title}${page.sections.map((s, i) => section(store, s, data, heroFirst && i === 0)).join('')}`;
}
