import { STORE_FONT_DEFAULT, websiteContactSchema, zodFieldErrors } from '@tentpole/domain';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import { AppError, notFound } from '../../http/app-error.js';
import { clientAddress } from '../../http/client-address.js';
import { isUuid } from '../../http/is-uuid.js';
import { hit } from '../../http/rate-limit.js';
import type { RouteDef } from '../../http/route-table.js';
import { accountMoneyFormat, accountTimezone } from '../accounts/queries.js';
import type { FeatureContext, Storefront } from '../feature.js';
import {
  cartCountOf,
  esc,
  layout,
  NOT_FOUND_PAGE,
  type Store,
  sameOrigin,
  storeBySlug,
  storeCategories,
  storeProducts,
  storeSettingsOf,
} from '../store/index.js';
import { CONTACTS_PER_ADDRESS, receiveContact } from './contact.js';
import {
  businessName,
  findImage,
  findPage,
  type PublishedPage,
  publishedMenu,
  publishedPage,
} from './queries.js';
import { type ContactState, renderSections, SITE_STYLE } from './render.js';

const tag = 'Website';
const PUBLIC = { public: "The store's website: anyone may read it (§10)." };
const PAGE = { kind: 'html', description: 'The page.' } as const;
const NO_STORE = { 'cache-control': 'no-store' };
const SLUG = /^[a-z0-9-]{1,48}$/;

/** A page's path under the store: the home page is the store's own address. */
const pathOf = (storeSlug: string, pageSlug: string | null) =>
  `/s/${storeSlug}${pageSlug ? `/pages/${pageSlug}` : ''}`;

/** After a contact form's post: which section says "Thanks!". */
const sentTo = (c: Context<AppEnv>) => {
  const section = c.req.query('sent');
  return section ? { section, sent: true } : {};
};

/** The links of the store's header: its published pages, in menu order. */
async function menuOf(db: FeatureContext['db'], shop: { accountId: string; slug: string }) {
  return (await publishedMenu(db, shop.accountId)).map((p) => ({
    label: p.title,
    href: pathOf(shop.slug, p.slug),
  }));
}

/**
 * The pages shoppers see (server-rendered, like the rest of the store: fast, indexable, no
 * script), the store's home through the store's `home` hook, and the builder's preview.
 */
function site(context: FeatureContext) {
  const { db, payments, phone } = context;
  const appUrlOf = (c: Context<AppEnv>) =>
    (payments?.appUrl ?? phone?.appUrl ?? new URL(c.req.url).origin).replace(/\/$/, '');
  /**
   * Where search engines should find the store's pages: its verified custom domain, at its root
   * (decision 0068 serves `/pages/…` there), or the app's `/s/{slug}`.
   */
  const siteUrlOf = (c: Context<AppEnv>, store: Store) =>
    store.customDomain ? `https://${store.customDomain}` : `${appUrlOf(c)}/s/${store.slug}`;

  async function storeOf(slug: string): Promise<Store | null> {
    const store = SLUG.test(slug) ? await storeBySlug(db, slug) : null;
    return store ? { ...store, menu: await menuOf(db, store) } : null;
  }

  async function body(
    store: Store,
    page: { title: string; sections: PublishedPage['sections'] },
    contact: ContactState,
    imageUrl: (id: string) => string,
  ) {
    const [categories, products] = await Promise.all([
      storeCategories(db, store.accountId),
      storeProducts(db, store.accountId),
    ]);
    return renderSections(store, page, { categories, products, imageUrl, contact });
  }

  /** A published page as the store shows it (status 400 with the contact form's errors). */
  async function showPage(
    c: Context<AppEnv>,
    store: Store,
    page: PublishedPage,
    contact: Omit<ContactState, 'action' | 'page'> = {},
    status: 200 | 400 | 429 = 200,
    /** The header's cart count, when the caller knows it already. */
    cartCount?: number,
  ) {
    const path = pathOf(store.slug, page.slug);
    const menu = store.menu?.map((l) => ({ ...l, current: l.href === path }));
    const html = await body(
      store,
      page,
      { ...contact, action: `/s/${store.slug}/contact`, page: page.slug ?? '' },
      (id) => `/s/${store.slug}/site-images/${id}`,
    );
    return c.html(
      layout(
        menu ? { ...store, menu } : store,
        {
          title: page.seoTitle || `${page.title} | ${store.name}`,
          description: page.seoDescription || `Party rentals from ${store.name}.`,
          body: html,
          head: `<link rel="canonical" href="${esc(siteUrlOf(c, store) + path.slice(`/s/${store.slug}`.length))}">${SITE_STYLE}`,
        },
        cartCount ?? (await cartCountOf(db, c, store.accountId)),
      ),
      status,
      NO_STORE,
    );
  }

  /** The store without its own address yet (the preview still draws the account's pages). */
  async function draftStore(accountId: string): Promise<Store> {
    const settings = await storeSettingsOf(db, accountId);
    const store = settings ? await storeOf(settings.slug) : null;
    if (store) return store;
    const [name, { currency, locale }, timeZone] = await Promise.all([
      businessName(db, accountId),
      accountMoneyFormat(db, accountId),
      accountTimezone(db, accountId),
    ]);
    return {
      accountId,
      slug: '',
      name,
      logo: null,
      colour: '#4f46e5',
      font: STORE_FONT_DEFAULT,
      checkoutMode: 'both',
      customDomain: null,
      holdMinutes: 30,
      timeZone,
      currency,
      locale,
    };
  }

  return { appUrlOf, siteUrlOf, storeOf, body, showPage, draftStore };
}

export function websiteSiteRoutes(context: FeatureContext): RouteDef[] {
  const { db, clock, trustedProxies } = context;
  const { appUrlOf, siteUrlOf, storeOf, body, showPage, draftStore } = site(context);
  return [
    {
      method: 'GET',
      path: '/api/website/pages/:id/preview',
      access: { permission: 'website.read' },
      summary:
        "The page's draft drawn as the store would show it (HTML the builder frames; links open a new tab).",
      tag,
      response: PAGE,
      async handler(c) {
        const id = c.req.param('id');
        const accountId = c.get('user').accountId;
        const page = isUuid(id) ? await findPage(db, accountId, id) : null;
        if (!page) throw notFound('Page');
        const store = await draftStore(accountId);
        const html = await body(
          store,
          page,
          { action: `/s/${store.slug}/contact`, page: page.slug ?? '' },
          (imageId) => `/api/website/images/${imageId}`,
        );
        return c.html(
          layout(
            store,
            {
              title: `Preview: ${page.seoTitle || `${page.title} | ${store.name}`}`,
              body: html,
              noindex: true,
              // Inside the builder's frame every link and form opens a new tab.
              head: `<base target="_blank">${SITE_STYLE}`,
            },
            0,
          ),
          200,
          {
            ...NO_STORE,
            // The app's own pages may frame it (security.ts keeps this, not 'none').
            'content-security-policy': "frame-ancestors 'self'",
            'x-robots-tag': 'noindex',
          },
        );
      },
    },
    {
      method: 'GET',
      path: '/api/website/images/:id',
      access: { permission: 'website.read' },
      summary: 'An uploaded website image, for the builder (the store has its own address).',
      tag,
      response: { kind: 'image', description: 'The image as WebP.' },
      async handler(c) {
        const id = c.req.param('id');
        const image = isUuid(id) ? await findImage(db, c.get('user').accountId, id) : null;
        if (!image) throw notFound('Image');
        return c.body(new Uint8Array(image.bytes), 200, {
          'content-type': image.contentType,
          'cache-control': 'private, max-age=31536000, immutable',
        });
      },
    },
    {
      method: 'GET',
      path: '/s/:slug/pages/:page',
      access: PUBLIC,
      summary: 'A published page of the website (a draft never shows).',
      tag,
      response: PAGE,
      async handler(c) {
        const store = await storeOf(c.req.param('slug') ?? '');
        const slug = c.req.param('page') ?? '';
        const page =
          store && SLUG.test(slug) ? await publishedPage(db, store.accountId, slug) : null;
        if (!store || !page) return c.html(NOT_FOUND_PAGE, 404, NO_STORE);
        return showPage(c, store, page, sentTo(c));
      },
    },
    {
      method: 'GET',
      path: '/s/:slug/site-images/:id',
      access: PUBLIC,
      summary: "An image of the store's website (each upload has its own id, so it never changes).",
      tag,
      response: { kind: 'image', description: 'The image as WebP.' },
      async handler(c) {
        const slug = c.req.param('slug') ?? '';
        const id = c.req.param('id');
        const store = SLUG.test(slug) ? await storeBySlug(db, slug) : null;
        const image = store && isUuid(id) ? await findImage(db, store.accountId, id) : null;
        if (!image) return c.html(NOT_FOUND_PAGE, 404, NO_STORE);
        return c.body(new Uint8Array(image.bytes), 200, {
          'content-type': image.contentType,
          'cache-control': 'public, max-age=31536000, immutable',
        });
      },
    },
    {
      method: 'POST',
      path: '/s/:slug/contact',
      access: PUBLIC,
      summary:
        'The contact form: the message becomes a lead (a customer with a note) and staff get an e-mail.',
      tag,
      response: PAGE,
      errors: [429],
      async handler(c) {
        sameOrigin(c);
        const store = await storeOf(c.req.param('slug') ?? '');
        if (!store) return c.html(NOT_FOUND_PAGE, 404, NO_STORE);
        const raw = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
        const values = Object.fromEntries(
          Object.entries(raw).flatMap(([k, v]) =>
            typeof v === 'string' ? [[k, v.slice(0, 2500)]] : [],
          ),
        ) as Record<string, string>;
        const pageSlug = values.page && SLUG.test(values.page) ? values.page : null;
        const page = await publishedPage(db, store.accountId, pageSlug);
        if (!page) return c.html(NOT_FOUND_PAGE, 404, NO_STORE);
        const section = page.sections.find(
          (s) => s.type === 'contact_form' && s.id === values.section,
        );
        if (!section) return c.html(NOT_FOUND_PAGE, 404, NO_STORE);
        const thanks = `${pathOf(store.slug, page.slug)}?sent=${section.id}#s-${section.id}`;
        // A robot fills the hidden field: it is thanked, and nothing is recorded.
        if (values.website) return c.redirect(thanks, 303);
        const parsed = websiteContactSchema.safeParse(values);
        if (!parsed.success)
          return showPage(
            c,
            store,
            page,
            { section: section.id, values, errors: zodFieldErrors(parsed.error) },
            400,
          );
        try {
          await hit(
            db,
            CONTACTS_PER_ADDRESS,
            `${store.accountId}:${clientAddress(c, trustedProxies)}`,
            clock(),
          );
          await receiveContact(db, store, parsed.data, { appUrl: appUrlOf(c), now: clock() });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          if (error.code === 'rate_limited')
            return showPage(
              c,
              store,
              page,
              { section: section.id, values, errors: { message: [error.message] } },
              429,
            );
          if (error.code === 'validation_failed')
            return showPage(
              c,
              store,
              page,
              { section: section.id, values, errors: error.fields ?? {} },
              400,
            );
          throw error;
        }
        return c.redirect(thanks, 303);
      },
    },
    {
      method: 'GET',
      path: '/s/:slug/sitemap.xml',
      access: PUBLIC,
      summary: "The store's sitemap: its published pages, categories and products.",
      tag,
      response: { kind: 'xml', description: 'A sitemap (sitemaps.org).' },
      async handler(c) {
        const store = await storeOf(c.req.param('slug') ?? '');
        if (!store) return c.html(NOT_FOUND_PAGE, 404, NO_STORE);
        const base = siteUrlOf(c, store);
        const [home, pages, categories, products] = await Promise.all([
          publishedPage(db, store.accountId, null),
          publishedMenu(db, store.accountId),
          storeCategories(db, store.accountId),
          storeProducts(db, store.accountId),
        ]);
        const url = (loc: string, lastmod?: Date) =>
          `<url><loc>${esc(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
        const urls = [
          url(base, home?.publishedAt),
          ...pages.map((p) => url(`${base}/pages/${p.slug}`, p.publishedAt)),
          ...categories.map((k) => url(`${base}/c/${k.slug}`)),
          ...products.map((p) => url(`${base}/p/${p.slug}`)),
        ];
        return c.body(
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
          200,
          {
            'content-type': 'application/xml; charset=utf-8',
            'cache-control': 'public, max-age=3600',
          },
        );
      },
    },
    {
      method: 'GET',
      path: '/s/:slug/robots.txt',
      access: PUBLIC,
      summary: "The store's robots.txt: pages allowed, cart and checkout not, and the sitemap.",
      tag,
      response: { kind: 'html', description: 'Plain text.' },
      async handler(c) {
        const slug = c.req.param('slug') ?? '';
        const store = SLUG.test(slug) ? await storeBySlug(db, slug) : null;
        if (!store) return c.text('Not found', 404);
        // On its custom domain the store is the site's root (this file is its /robots.txt).
        const base = store.customDomain ? '' : `/s/${store.slug}`;
        return c.text(
          [
            'User-agent: *',
            `Allow: ${base || '/'}`,
            `Disallow: ${base}/cart`,
            `Disallow: ${base}/checkout`,
            `Disallow: ${base}/confirmation`,
            `Sitemap: ${siteUrlOf(c, store)}/sitemap.xml`,
            '',
          ].join('\n'),
          200,
          { 'cache-control': 'public, max-age=3600' },
        );
      },
    },
  ];
}

/** The website's part of the store's pages: the menu, and the published home page. */
export function websiteStorefront(context: FeatureContext): Storefront {
  const { db } = context;
  const { storeOf, showPage } = site(context);
  return {
    menu: (shop) => menuOf(db, shop),
    async home(c, shop) {
      const page = await publishedPage(db, shop.accountId, null);
      const store = page && (await storeOf(shop.slug));
      if (!page || !store) return null;
      return showPage(c, store, page, sentTo(c), 200, shop.cartCount);
    },
  };
}
