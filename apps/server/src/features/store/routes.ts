import {
  addDays,
  addToCartSchema,
  can,
  cartSessionListQuerySchema,
  cartSessionListSchema,
  partyQuerySchema,
  STORE_CHECKOUT_CHOICES,
  type StoreCheckout,
  type StoreCheckoutChoice,
  storeCheckoutSchema,
  storeDomainInputSchema,
  storeDomainResponseSchema,
  storeDomainSchema,
  storeSettingsResponseSchema,
  storeSettingsSchema,
  storeSiteNote,
} from '@tentpole/domain';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { z } from 'zod';
import { z as zod } from 'zod';
import type { AppEnv } from '../../http/app-env.js';
import { AppError } from '../../http/app-error.js';
import { isCustomHost } from '../../http/custom-host.js';
import { isUuid } from '../../http/is-uuid.js';
import { readJson, readQuery } from '../../http/read-body.js';
import type { RouteDef } from '../../http/route-table.js';
import { accountTimezone } from '../accounts/queries.js';
import type { FeatureContext } from '../feature.js';
import { ensureOrderPageUrl, findOrder } from '../orders/queries.js';
import { settleCheckoutSession } from '../payments/queries.js';
import { blackoutsHitting } from '../schedule/queries.js';
import {
  availableCounts,
  extendCart,
  GoneError,
  holdCart,
  itemsOf,
  offerFor,
  type PartyWindow,
  partyRefusal,
  priceFor,
  startCart,
} from './cart.js';
import { CART_COOKIE } from './cart-count.js';
import {
  type CheckoutSite,
  checkoutPreview,
  checkoutSite,
  checkSite,
  placeCheckout,
  rememberContact,
} from './checkout.js';
import { textBookingConfirmations } from './confirmation-text.js';
import {
  domainView,
  removeStoreDomain,
  setStoreDomain,
  storeSlugForHost,
  verifyStoreDomain,
} from './custom-domain.js';
import { embedScript } from './embed-script.js';
import {
  cartBody,
  catalogBody,
  checkoutBody,
  confirmationBody,
  esc,
  layout,
  NOT_FOUND_PAGE,
  type Notice,
  type Party,
  partyForm,
  partyQuery,
  productBody,
  productJsonLd,
  reviewBody,
} from './pages.js';
import { partyFields } from './party-fields.js';
import {
  type Cart,
  cartByToken,
  cartItems,
  cartSessionList,
  partyInstants,
  type Store,
  storeBySlug,
  storeCategories,
  storeDomainOf,
  storeImage,
  storeProductBySlug,
  storeProducts,
  storeSettingsOf,
} from './queries.js';
import { saveStoreSettings } from './settings.js';
import { STORE_SCRIPT } from './store-script.js';

const tag = 'Online store';
const PUBLIC = { public: 'The online store: anyone may shop (§10).' };
const PAGE = { kind: 'html', description: 'The page.' } as const;
const COOKIE = CART_COOKIE;
const NO_STORE = { 'cache-control': 'no-store' };
/** The ask endpoint's ?domain= (a proxy sends the host it was asked for). */
const DOMAIN_ASKED = zod.object({
  domain: zod.string().trim().toLowerCase().max(253).optional(),
});

/** A form post from the store's own pages only (no session rides on it, but a cart does). */
export function sameOrigin(c: Context<AppEnv>) {
  const site = c.req.header('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none')
    throw new AppError('forbidden', 'Cross-site request refused.');
  const origin = c.req.header('origin');
  if (origin && origin !== 'null') {
    let host: string | null = null;
    try {
      host = new URL(origin).host;
    } catch {}
    if (host !== c.req.header('host'))
      throw new AppError('forbidden', 'Cross-site request refused.');
  }
}

const fieldErrors = (error: z.ZodError) =>
  Object.fromEntries(error.issues.map((i) => [String(i.path[0] ?? 'form'), [i.message]])) as Record<
    string,
    string[]
  >;

async function form(c: Context<AppEnv>): Promise<Record<string, string>> {
  const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  return Object.fromEntries(
    Object.entries(body).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v.slice(0, 500)]] : [])),
  );
}

export function storeRoutes({
  db,
  clock,
  payments,
  phone,
  storefront = [],
  dnsServers = [],
}: FeatureContext): RouteDef[] {
  const appUrlOf = (c: Context<AppEnv>) =>
    payments?.appUrl ?? phone?.appUrl ?? new URL(c.req.url).origin;
  const appHostOf = (c: Context<AppEnv>) => new URL(appUrlOf(c)).hostname;

  /**
   * The checkout buttons the store's mode allows (decision 0068). Without card payments there
   * is no instant booking, so a "booking only" store still takes quote requests rather than none.
   */
  const choicesOf = (store: Store) => {
    const book = Boolean(payments) && store.checkoutMode !== 'quote';
    return { book, quote: store.checkoutMode !== 'book' || !book };
  };
  const REFUSED_CHOICE = {
    book: 'This store takes quote requests only: send a quote request and we will reply with a quote.',
    quote:
      'This store takes instant bookings only: book and pay the deposit to reserve your rentals.',
  } as const;

  async function load(c: Context<AppEnv>) {
    const slug = c.req.param('slug') ?? '';
    const store = /^[a-z0-9-]{1,48}$/.test(slug) ? await storeBySlug(db, slug) : null;
    if (!store) return null;
    // Other features' links in the header (the website's published pages).
    const menus = await Promise.all(storefront.map((s) => s.menu?.(store) ?? []));
    return { ...store, menu: menus.flat() };
  }
  const notFound = (c: Context<AppEnv>) => c.html(NOT_FOUND_PAGE, 404, NO_STORE);

  async function cartOf(c: Context<AppEnv>, store: Store): Promise<Cart | null> {
    const token = getCookie(c, COOKIE);
    return token ? cartByToken(db, store.accountId, token) : null;
  }
  const liveCart = (cart: Cart | null) => (cart && !cart.convertedOrderId ? cart : null);
  const countOf = (cart: Cart | null) => liveCart(cart)?.itemCount ?? 0;
  function setCartCookie(c: Context<AppEnv>, store: Store, cart: Cart) {
    setCookie(c, COOKIE, cart.token as string, {
      path: `/s/${store.slug}`,
      httpOnly: true,
      sameSite: 'Lax',
      // On a custom domain the store's pages are also at /cart, /p/… (decision 0068).
      ...(isCustomHost(c) ? { path: '/' } : {}),
      secure: appUrlOf(c).startsWith('https:'),
      maxAge: 60 * 60 * 24 * 30,
    });
  }

  /** The party of a request (query or form), as the form shows it and as instants. */
  async function partyOf(store: Store, input: Record<string, string | undefined>) {
    const parsed = partyQuerySchema.safeParse(input);
    if (!parsed.success) return { party: null, window: null, errors: fieldErrors(parsed.error) };
    const party: Party = parsed.data;
    const instants = await partyInstants(db, store.timeZone, party);
    const window: PartyWindow = { ...instants, zip: party.zip };
    return { party, window, errors: {} };
  }

  /** The cart's party as the forms show it (local day and times), or null. */
  function cartParty(store: Store, cart: Cart | null): Party | null {
    if (!cart?.eventStart || !cart.eventEnd || !cart.postalCode) return null;
    return {
      ...partyFields(store.timeZone, cart.eventStart, cart.eventEnd),
      zip: cart.postalCode,
    };
  }

  async function catalogPage(c: Context<AppEnv>, categorySlug: string | null) {
    const store = await load(c);
    if (!store) return notFound(c);
    const cart = liveCart(await cartOf(c, store));
    const query = c.req.query();
    const asked = Object.keys(query).some((k) => ['date', 'start', 'end', 'zip'].includes(k));
    if (!asked && !categorySlug)
      for (const s of storefront) {
        const home = await s.home?.(c, {
          accountId: store.accountId,
          slug: store.slug,
          cartCount: countOf(cart),
        });
        if (home) return home;
      }
    const fromCart = cartParty(store, cart);
    const { party, window, errors } = await partyOf(store, asked ? query : (fromCart ?? {}));
    const categories = await storeCategories(db, store.accountId);
    const current = categorySlug ? (categories.find((k) => k.slug === categorySlug) ?? null) : null;
    if (categorySlug && !current) return notFound(c);
    let body = partyForm(store, party ?? query, asked ? errors : {}, c.req.path);
    if (party && window) {
      const now = clock();
      const refusal = await partyRefusal(db, store, window, now);
      const { offered, categoryIds } = refusal
        ? { offered: [], categoryIds: new Set<string>() }
        : await offerFor(db, store, window, now, cart?.id, current?.id);
      body += catalogBody(
        store,
        party,
        categories.filter((k) => categoryIds.has(k.id)),
        current,
        offered,
        refusal,
      );
    } else if (categories.length)
      body += `<h2>What we rent</h2><ul>${categories.map((k) => `<li>${esc(k.name)}</li>`).join('')}</ul>`;
    const title = current ? `${current.name} | ${store.name}` : `${store.name}: party rentals`;
    return c.html(
      layout(
        store,
        {
          title,
          description: current?.description ?? `Book party rentals from ${store.name} online.`,
          body: `<h1>${esc(current?.name ?? store.name)}</h1>${body}`,
        },
        countOf(cart),
        partyQuery(party),
      ),
      asked && !party ? 400 : 200,
      NO_STORE,
    );
  }

  async function productPage(c: Context<AppEnv>) {
    const store = await load(c);
    if (!store) return notFound(c);
    const product = await storeProductBySlug(db, store.accountId, c.req.param('product') ?? '');
    if (!product) return notFound(c);
    const cart = liveCart(await cartOf(c, store));
    const query = c.req.query();
    const { party, window } = await partyOf(
      store,
      Object.keys(query).length ? query : (cartParty(store, cart) ?? {}),
    );
    const now = clock();
    let offer: { available: number; price: number; closed: string | null } | null = null;
    const nextDays: { date: string; available: boolean }[] = [];
    if (party && window) {
      const refusal = await partyRefusal(db, store, window, now);
      const hits = await blackoutsHitting(db, store.accountId, {
        eventStart: window.eventStart,
        eventEnd: window.eventEnd,
        productIds: [product.id],
        timeZone: store.timeZone,
      });
      const counts = await availableCounts(
        db,
        store.accountId,
        [product.id],
        window,
        now,
        cart?.id,
      );
      offer = {
        available: refusal || hits.length ? 0 : (counts.get(product.id) ?? 0),
        price: priceFor(store, product, window),
        closed: refusal ?? (hits.length ? 'We are not taking online bookings on this day.' : null),
      };
      for (let i = 1; i <= 7; i++) {
        const date = addDays(party.date, i);
        const other = await partyInstants(db, store.timeZone, { ...party, date });
        const w = { ...other, zip: party.zip };
        const [free, closed] = await Promise.all([
          availableCounts(db, store.accountId, [product.id], w, now, cart?.id),
          blackoutsHitting(db, store.accountId, {
            ...w,
            productIds: [product.id],
            timeZone: store.timeZone,
          }),
        ]);
        nextDays.push({ date, available: (free.get(product.id) ?? 0) > 0 && closed.length === 0 });
      }
    }
    // On its verified custom domain the product's address is the domain's (decision 0068).
    const base =
      isCustomHost(c) && store.customDomain ? `https://${store.customDomain}` : appUrlOf(c);
    const url = `${base}/s/${store.slug}/p/${product.slug}`;
    return c.html(
      layout(
        store,
        {
          title: `${product.name} | ${store.name}`,
          description: (product.description ?? `Rent ${product.name} from ${store.name}.`).slice(
            0,
            160,
          ),
          body: productBody(store, product, party, offer, nextDays),
          head: productJsonLd(store, product, url, offer),
        },
        countOf(cart),
        partyQuery(party),
      ),
      200,
      NO_STORE,
    );
  }

  async function cartPage(
    c: Context<AppEnv>,
    store: Store,
    cart: Cart | null,
    notice: Notice,
    status: 200 | 400 | 409 = 200,
  ) {
    const lines = cart ? await cartItems(db, store.accountId, cart.id) : [];
    return c.html(
      layout(
        store,
        {
          title: `Your cart | ${store.name}`,
          body: cartBody(
            store,
            { holdExpiresAt: cart?.holdExpiresAt ?? null, party: cartParty(store, cart) },
            lines,
            notice,
            clock(),
          ),
          noindex: true,
        },
        countOf(cart),
      ),
      status,
      NO_STORE,
    );
  }

  const goneText = async (store: Store, productIds: string[]) => {
    const names = (await storeProducts(db, store.accountId))
      .filter((p) => productIds.includes(p.id))
      .map((p) => p.name);
    return `Sorry, ${names.join(', ') || 'an item'} is no longer available for your party: someone else just took the last one.`;
  };

  /** A cart whose hold ran out is held again through the write path; what is gone is dropped. */
  async function rehold(store: Store, cart: Cart): Promise<{ cart: Cart; notice: Notice }> {
    const now = clock();
    if (cart.itemCount === 0 || (cart.holdExpiresAt && cart.holdExpiresAt > now))
      return { cart, notice: null };
    const party = cartParty(store, cart);
    if (!party || !cart.eventStart || !cart.eventEnd) return { cart, notice: null };
    const window = {
      eventStart: cart.eventStart.toISOString(),
      eventEnd: cart.eventEnd.toISOString(),
      zip: party.zip,
    };
    let items = await itemsOf(db, store, cart.id);
    let notice: Notice = null;
    try {
      await holdCart(db, store, cart.id, window, items, now);
    } catch (error) {
      if (!(error instanceof GoneError)) throw error;
      notice = { kind: 'error', text: await goneText(store, error.productIds) };
      items = items.filter((i) => !error.productIds.includes(i.productId));
      await holdCart(db, store, cart.id, window, items, now).catch(() => undefined);
    }
    return { cart: (await cartByToken(db, store.accountId, cart.token as string)) ?? cart, notice };
  }

  async function checkoutCart(c: Context<AppEnv>, store: Store) {
    const cart = liveCart(await cartOf(c, store));
    if (!cart || cart.itemCount === 0) return null;
    return (await rehold(store, cart)).cart;
  }

  const checkoutPage = async (
    c: Context<AppEnv>,
    store: Store,
    cart: Cart,
    values: Record<string, string>,
    errors: Record<string, string[]>,
    notice: Notice,
    status: 200 | 400 | 409,
    site?: CheckoutSite,
  ) =>
    c.html(
      layout(
        store,
        {
          title: `Checkout | ${store.name}`,
          body: checkoutBody(
            store,
            values,
            errors,
            notice,
            cart.postalCode ?? '',
            site ?? (await checkoutSite(db, store, cart)),
          ),
          noindex: true,
        },
        countOf(cart),
      ),
      status,
      NO_STORE,
    );

  /**
   * "See the total": the checkout's answers checked (surface, window, coupon, delivery area),
   * then the review with every fee and the tax; a problem re-shows the checkout with it.
   * `termsError` re-shows the review itself, for a booking sent without the terms accepted.
   */
  async function reviewOrCheckout(
    c: Context<AppEnv>,
    store: Store,
    cart: Cart,
    values: Record<string, string>,
    data: StoreCheckout,
    reviewErrors: Record<string, string[]> = {},
  ) {
    const site = await checkoutSite(db, store, cart);
    const checked = await checkSite(db, store, cart, data, site);
    const errors: Record<string, string[]> = { ...checked.errors };
    if (Object.keys(errors).length)
      return checkoutPage(c, store, cart, values, errors, null, 400, site);
    const preview = await checkoutPreview(db, store, cart, data, site, clock());
    if (preview.couponError) errors.couponCode = [preview.couponError];
    if (preview.delivery && !preview.delivery.ok) errors.line1 = [preview.delivery.message];
    if (Object.keys(errors).length)
      return checkoutPage(c, store, cart, values, errors, null, 400, site);
    const { textConsent: _, termsAccepted: __, choice: ___, ...kept } = values;
    const window = site.windows.find((w) => w.value === data.deliveryWindow);
    return c.html(
      layout(
        store,
        {
          title: `Review | ${store.name}`,
          body: reviewBody(
            store,
            { ...kept, ...(data.textConsent ? { textConsent: 'yes' } : {}) },
            {
              lines: preview.lines.map((l) => ({
                name: l.name,
                quantity: l.quantity,
                amount: l.amount,
              })),
              fees: preview.fees,
              totals: preview.totals,
              coupon: preview.coupon,
            },
            choicesOf(store),
            {
              surface: checked.surface,
              needsApproval: checked.needsApproval,
              window: window?.label ?? null,
              gateCode: data.gateCode,
              siteNote: storeSiteNote(data),
              waiver:
                site.waiver.mode === 'optional'
                  ? data.damageWaiver
                    ? 'Added'
                    : 'Declined: I pay for any damage'
                  : null,
              terms: site.terms,
              termsAccepted: data.termsAccepted,
              errors: reviewErrors,
            },
          ),
          noindex: true,
        },
        countOf(cart),
      ),
      Object.keys(reviewErrors).length ? 400 : 200,
      NO_STORE,
    );
  }

  return [
    {
      method: 'GET',
      path: '/api/store/settings',
      access: { permission: 'website.read' },
      summary: "The account's online store: its address, hold time and colour.",
      tag,
      response: storeSettingsResponseSchema.nullable(),
      async handler(c) {
        const settings = await storeSettingsOf(db, c.get('user').accountId);
        return c.json(settings ? { ...settings, url: `${appUrlOf(c)}/s/${settings.slug}` } : null);
      },
    },
    {
      method: 'GET',
      path: '/api/store/carts',
      access: { permission: 'website.read' },
      summary:
        'Cart sessions with at least one item started on the local days from–to, newest first; the contact shoppers gave only with customer.read.',
      tag,
      query: cartSessionListQuerySchema,
      response: cartSessionListSchema,
      async handler(c) {
        const user = c.get('user');
        const query = readQuery(c, cartSessionListQuerySchema);
        const timeZone = await accountTimezone(db, user.accountId);
        return c.json(
          await cartSessionList(
            db,
            user.accountId,
            timeZone,
            query,
            can(user.roles, 'customer.read'),
          ),
        );
      },
    },
    {
      method: 'PUT',
      path: '/api/store/settings',
      access: { permission: 'website.write' },
      summary:
        "Sets the online store's address (/s/{slug}), hold time, colour, font and checkout mode.",
      tag,
      request: storeSettingsSchema,
      response: storeSettingsResponseSchema,
      errors: [409],
      async handler(c) {
        const input = await readJson(c, storeSettingsSchema);
        const saved = await saveStoreSettings(db, c.get('user').accountId, input);
        return c.json({ ...saved, url: `${appUrlOf(c)}/s/${saved.slug}` });
      },
    },
    {
      method: 'GET',
      path: '/api/store/domain',
      access: { permission: 'website.read' },
      summary: "The store's custom domain: the DNS records to add, pending or verified.",
      tag,
      response: storeDomainResponseSchema,
      async handler(c) {
        const row = await storeDomainOf(db, c.get('user').accountId);
        return c.json({ domain: row ? domainView(row, appHostOf(c)) : null });
      },
    },
    {
      method: 'PUT',
      path: '/api/store/domain',
      access: { permission: 'website.write' },
      plan: 'customDomain',
      summary:
        'Maps a custom domain to the store: pending, with a token for its _tentpole TXT record.',
      tag,
      request: storeDomainInputSchema,
      response: storeDomainResponseSchema,
      async handler(c) {
        const { domain } = await readJson(c, storeDomainInputSchema);
        const row = await setStoreDomain(db, c.get('user').accountId, domain, appHostOf(c));
        return c.json({ domain: domainView(row, appHostOf(c)) });
      },
    },
    {
      method: 'DELETE',
      path: '/api/store/domain',
      access: { permission: 'website.write' },
      summary: 'Removes the custom domain: the store answers only at /s/{slug} again.',
      tag,
      response: storeDomainResponseSchema,
      async handler(c) {
        await removeStoreDomain(db, c.get('user').accountId);
        return c.json({ domain: null });
      },
    },
    {
      method: 'POST',
      path: '/api/store/domain/verify',
      access: { permission: 'website.write' },
      plan: 'customDomain',
      summary:
        '"Check DNS": looks up the _tentpole TXT record (DNS_SERVERS, else the system\'s); found: verified.',
      tag,
      response: zod.object({ domain: storeDomainSchema, message: zod.string() }),
      async handler(c) {
        const { row, message } = await verifyStoreDomain(
          db,
          c.get('user').accountId,
          dnsServers,
          clock(),
        );
        return c.json({ domain: domainView(row, appHostOf(c)), message });
      },
    },
    {
      method: 'GET',
      path: '/api/store/domain-allowed',
      access: {
        public:
          'A TLS-terminating proxy asks it before getting a certificate for a host (on-demand TLS); it says only whether the host is a verified store domain.',
      },
      summary:
        '200 when ?domain= is a verified custom domain (a certificate may be got), else 404.',
      tag,
      query: DOMAIN_ASKED,
      response: zod.object({ ok: zod.literal(true) }),
      async handler(c) {
        const { domain } = readQuery(c, DOMAIN_ASKED);
        const slug = domain ? await storeSlugForHost(db, domain) : null;
        if (!slug) throw new AppError('not_found', 'Not a verified store domain.');
        return c.json({ ok: true as const });
      },
    },
    {
      method: 'GET',
      path: '/s/assets/store.js',
      access: { public: "The online store's one static script." },
      summary: "The cart's countdown, and the hold's extension while the shopper is active.",
      tag,
      response: { kind: 'html', description: 'JavaScript.' },
      handler: (c) =>
        c.body(STORE_SCRIPT, 200, {
          'content-type': 'text/javascript; charset=utf-8',
          'cache-control': 'public, max-age=3600',
        }),
    },
    {
      method: 'GET',
      path: '/s/:slug/embed.js',
      access: { public: 'The booking search other websites embed with one script tag (§10).' },
      summary:
        '"When and where is your party?" drawn where the script tag is (or in [data-tentpole-booking]); it opens the catalog.',
      tag,
      response: { kind: 'html', description: 'JavaScript.' },
      async handler(c) {
        const store = await load(c);
        if (!store) return notFound(c);
        // The catalog: on the verified custom domain its home, else /s/{slug} on the app.
        const url = store.customDomain
          ? `https://${store.customDomain}/`
          : `${appUrlOf(c)}/s/${store.slug}`;
        return c.body(embedScript(store, url), 200, {
          'content-type': 'text/javascript; charset=utf-8',
          'cache-control': 'public, max-age=300',
        });
      },
    },
    {
      method: 'GET',
      path: '/s/:slug',
      access: PUBLIC,
      summary:
        '"When and where is your party?", then what is free for it with its full price (?date, start, end, zip).',
      tag,
      response: PAGE,
      handler: (c) => catalogPage(c, null),
    },
    {
      method: 'GET',
      path: '/s/:slug/c/:category',
      access: PUBLIC,
      summary: "A category's products free for the party, with their prices.",
      tag,
      response: PAGE,
      handler: (c) => catalogPage(c, c.req.param('category') ?? ''),
    },
    {
      method: 'GET',
      path: '/s/:slug/p/:product',
      access: PUBLIC,
      summary:
        'A product: image, details, price and availability for the party and the days after.',
      tag,
      response: PAGE,
      handler: productPage,
    },
    {
      method: 'GET',
      path: '/s/:slug/images/:id/:size',
      access: PUBLIC,
      summary: "A product's image in the store (`full` or `thumbnail`).",
      tag,
      response: { kind: 'image', description: 'The image as WebP.' },
      async handler(c) {
        const store = await load(c);
        const id = c.req.param('id');
        const size = c.req.param('size');
        const image =
          store && isUuid(id) && (size === 'full' || size === 'thumbnail')
            ? await storeImage(db, store.accountId, id, size)
            : null;
        if (!image) return notFound(c);
        return c.body(new Uint8Array(image.bytes), 200, {
          'content-type': image.contentType,
          'cache-control': 'public, max-age=3600',
        });
      },
    },
    {
      method: 'GET',
      path: '/s/:slug/cart',
      access: PUBLIC,
      summary: 'The cart: its items, held for the store’s hold time, with the countdown.',
      tag,
      response: PAGE,
      async handler(c) {
        const store = await load(c);
        if (!store) return notFound(c);
        const cart = liveCart(await cartOf(c, store));
        if (!cart) return cartPage(c, store, null, null);
        const { cart: held, notice } = await rehold(store, cart);
        await extendCart(db, store, held.id, clock());
        return cartPage(c, store, (await cartOf(c, store)) ?? held, notice);
      },
    },
    {
      method: 'POST',
      path: '/s/:slug/cart',
      access: PUBLIC,
      summary: 'Adds a product to the cart: a real availability hold, or 409 when it is gone.',
      tag,
      response: PAGE,
      errors: [409],
      async handler(c) {
        sameOrigin(c);
        const store = await load(c);
        if (!store) return notFound(c);
        const body = await form(c);
        const { party, window, errors } = await partyOf(store, body);
        const item = addToCartSchema.safeParse(body);
        if (!party || !window || !item.success)
          return c.html(
            layout(
              store,
              {
                title: store.name,
                body: `<h1>${esc(store.name)}</h1>${partyForm(store, party ?? body, errors)}${item.success ? '' : '<div class="alert" role="alert">Choose how many.</div>'}`,
                noindex: true,
              },
              0,
            ),
            400,
            NO_STORE,
          );
        const product = await storeProductBySlug(db, store.accountId, item.data.product);
        if (!product) return notFound(c);
        const now = clock();
        let cart = liveCart(await cartOf(c, store));
        const refusal = await partyRefusal(db, store, window, now);
        const closed = (
          await blackoutsHitting(db, store.accountId, {
            ...window,
            productIds: [product.id],
            timeZone: store.timeZone,
          })
        ).length;
        if (refusal || closed)
          return cartPage(
            c,
            store,
            cart,
            {
              kind: 'error',
              text: refusal ?? `${product.name} cannot be booked online for this day.`,
            },
            409,
          );
        if (!cart) {
          cart = await startCart(db, store, now);
          setCartCookie(c, store, cart);
        }
        // The whole cart is for one party: a new party re-prices (and re-holds) every item.
        const all = new Map((await storeProducts(db, store.accountId)).map((p) => [p.id, p]));
        const items = (await itemsOf(db, store, cart.id)).filter((i) => all.has(i.productId));
        const same = items.find((i) => i.productId === product.id);
        if (same) same.quantity += item.data.quantity;
        else items.push({ productId: product.id, quantity: item.data.quantity, unitPriceCents: 0 });
        for (const i of items)
          i.unitPriceCents = priceFor(store, all.get(i.productId) as never, window);
        try {
          await holdCart(db, store, cart.id, window, items, now);
        } catch (error) {
          if (error instanceof GoneError)
            return cartPage(
              c,
              store,
              await cartByToken(db, store.accountId, cart.token as string),
              { kind: 'error', text: await goneText(store, error.productIds) },
              409,
            );
          throw error;
        }
        return c.redirect(`/s/${store.slug}/cart`, 303);
      },
    },
    {
      method: 'POST',
      path: '/s/:slug/cart/remove',
      access: PUBLIC,
      summary: 'Takes a product out of the cart (its hold ends at once).',
      tag,
      response: PAGE,
      async handler(c) {
        sameOrigin(c);
        const store = await load(c);
        if (!store) return notFound(c);
        const cart = liveCart(await cartOf(c, store));
        const body = await form(c);
        if (cart?.eventStart && cart.eventEnd && cart.postalCode) {
          const product = await storeProductBySlug(db, store.accountId, body.product ?? '');
          const items = (await itemsOf(db, store, cart.id)).filter(
            (i) => i.productId !== product?.id,
          );
          await holdCart(
            db,
            store,
            cart.id,
            {
              eventStart: cart.eventStart.toISOString(),
              eventEnd: cart.eventEnd.toISOString(),
              zip: cart.postalCode,
            },
            items,
            clock(),
          ).catch(async (error) => {
            if (!(error instanceof GoneError)) throw error;
          });
        }
        return c.redirect(`/s/${store.slug}/cart`, 303);
      },
    },
    {
      method: 'POST',
      path: '/s/:slug/cart/extend',
      access: PUBLIC,
      summary: 'The shopper is active: a running hold starts its hold time again.',
      tag,
      response: { kind: 'html', description: '{ expiresAt } as JSON, null when the hold ran out.' },
      async handler(c) {
        sameOrigin(c);
        const store = await load(c);
        if (!store) return notFound(c);
        const cart = liveCart(await cartOf(c, store));
        const until = cart ? await extendCart(db, store, cart.id, clock()) : null;
        return c.body(JSON.stringify({ expiresAt: until?.toISOString() ?? null }), 200, {
          'content-type': 'application/json',
          ...NO_STORE,
        });
      },
    },
    {
      method: 'GET',
      path: '/s/:slug/checkout',
      access: PUBLIC,
      summary:
        'Checkout: contact details (with consent to texts), address, surface, site questions, delivery window and coupon.',
      tag,
      response: PAGE,
      async handler(c) {
        const store = await load(c);
        if (!store) return notFound(c);
        const cart = await checkoutCart(c, store);
        if (!cart) return c.redirect(`/s/${store.slug}/cart`, 303);
        const contact = cart.contact;
        const values: Record<string, string> = contact
          ? {
              firstName: contact.firstName,
              lastName: contact.lastName,
              email: contact.email,
              phone: contact.phone,
              textConsent: contact.textConsent ? 'yes' : '',
            }
          : {};
        return checkoutPage(c, store, cart, values, {}, null, 200);
      },
    },
    {
      method: 'POST',
      path: '/s/:slug/checkout',
      access: PUBLIC,
      summary: 'Checkout review: every fee, the coupon and the tax, before paying or asking.',
      tag,
      response: PAGE,
      async handler(c) {
        sameOrigin(c);
        const store = await load(c);
        if (!store) return notFound(c);
        const cart = await checkoutCart(c, store);
        if (!cart) return c.redirect(`/s/${store.slug}/cart`, 303);
        const values = await form(c);
        const parsed = storeCheckoutSchema.safeParse(values);
        if (!parsed.success)
          return checkoutPage(c, store, cart, values, fieldErrors(parsed.error), null, 400);
        await rememberContact(db, store, cart, parsed.data);
        return reviewOrCheckout(c, store, cart, values, parsed.data);
      },
    },
    {
      method: 'POST',
      path: '/s/:slug/checkout/place',
      access: PUBLIC,
      summary:
        '"Request a quote" (the order arrives as a quote) or "book" (held, then Checkout for the deposit).',
      tag,
      response: PAGE,
      errors: [409],
      async handler(c) {
        sameOrigin(c);
        const store = await load(c);
        if (!store) return notFound(c);
        const cart = await checkoutCart(c, store);
        if (!cart) return c.redirect(`/s/${store.slug}/cart`, 303);
        const values = await form(c);
        const parsed = storeCheckoutSchema.safeParse(values);
        const choice = STORE_CHECKOUT_CHOICES.find((k) => k === values.choice);
        if (parsed.success && choice && !choicesOf(store)[choice])
          return checkoutPage(
            c,
            store,
            cart,
            values,
            {},
            { kind: 'error', text: REFUSED_CHOICE[choice] },
            400,
          );
        if (!parsed.success || !choice)
          return checkoutPage(
            c,
            store,
            cart,
            values,
            parsed.success ? {} : fieldErrors(parsed.error),
            null,
            400,
          );
        try {
          const placed = await placeCheckout(
            db,
            store,
            cart,
            parsed.data,
            choice as StoreCheckoutChoice,
            { payments, appUrl: appUrlOf(c) },
            clock(),
          );
          return c.redirect(placed.redirect, 303);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          if (error.code === 'validation_failed' && error.fields?.termsAccepted)
            return reviewOrCheckout(c, store, cart, values, parsed.data, {
              termsAccepted: error.fields.termsAccepted,
            });
          if (error.code === 'validation_failed')
            return checkoutPage(c, store, cart, values, error.fields ?? {}, null, 400);
          if (error.code === 'unavailable' && error.status === 409)
            return cartPage(
              c,
              store,
              cart,
              {
                kind: 'error',
                text: 'Some items are no longer free for your party. Remove them to go on.',
              },
              409,
            );
          if (error.status === 409 || error.code === 'unavailable')
            return checkoutPage(
              c,
              store,
              cart,
              values,
              {},
              { kind: 'error', text: error.message },
              409,
            );
          throw error;
        }
      },
    },
    {
      method: 'GET',
      path: '/s/:slug/confirmation',
      access: PUBLIC,
      summary: 'The confirmation: the quote request, or the booking once its deposit is paid.',
      tag,
      response: PAGE,
      async handler(c) {
        const store = await load(c);
        if (!store) return notFound(c);
        const sessionId = c.req.query('session') ?? '';
        if (payments && /^cs_[A-Za-z0-9_]{10,200}$/.test(sessionId)) {
          // Recorded here if the webhook has not come yet (as /pay/done does), so the shopper
          // sees the booking reserved at once.
          try {
            const session = await payments.stripe.checkout.sessions.retrieve(sessionId);
            if (session.metadata?.tentpole_account === store.accountId)
              await settleCheckoutSession(db, session, clock());
          } catch {}
        }
        const cart = await cartOf(c, store);
        // The confirmation text goes now if the booking is paid (else the minute's sweep sends it).
        if (cart?.convertedOrderId)
          await textBookingConfirmations(db, clock(), appUrlOf(c), {
            accountId: store.accountId,
            cartId: cart.id,
          });
        const order =
          cart?.convertedOrderId && (await findOrder(db, store.accountId, cart.convertedOrderId));
        const orderUrl = order
          ? await ensureOrderPageUrl(db, store.accountId, order.id, appUrlOf(c))
          : null;
        return c.html(
          layout(
            store,
            {
              title: `Thank you | ${store.name}`,
              body: confirmationBody(
                store,
                order
                  ? {
                      number: order.number,
                      status: order.status,
                      total: order.totals.total,
                      paid: order.totals.paid - order.totals.refunded,
                    }
                  : null,
                orderUrl,
              ),
              noindex: true,
            },
            0,
          ),
          order ? 200 : 404,
          NO_STORE,
        );
      },
    },
  ];
}
