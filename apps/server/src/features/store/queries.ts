import {
  allows,
  CART_SESSION_LIST_LIMIT,
  type CartSession,
  type CartSessionList,
  type CartSessionListQuery,
  type ProductPricing,
  parsePlan,
  resolveLocale,
  STORE_CHECKOUT_MODES,
  STORE_FONT_DEFAULT,
  STORE_FONTS,
  type StoreCheckoutMode,
  type StoreFont,
} from '@tentpole/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { accounts } from '../../auth/tables.js';
import { type Db, queryRows } from '../../db/client.js';
import { customers } from '../customers/tables.js';
import {
  categories,
  inventoryImages,
  productSurfaceRules,
  products,
  surfaces,
} from '../inventory/tables.js';
import { cartLines, cartSessions, storeSettings } from './tables.js';

/**
 * The store's reads. Everything a public page shows goes through here, each query scoped to the
 * store's account in its WHERE, and selecting only what a shopper may see (no costs, no stock
 * counts beyond "available", no other customers).
 */

export type Store = {
  accountId: string;
  slug: string;
  name: string;
  logo: string | null;
  colour: string;
  /** A key of STORE_FONTS (decision 0068). */
  font: StoreFont;
  checkoutMode: StoreCheckoutMode;
  /** Its verified custom domain, or null: the embed's links go there when set. */
  customDomain: string | null;
  holdMinutes: number;
  timeZone: string;
  currency: string;
  /** The account's locale: the store writes dates and prices its way (§2). */
  locale: string;
  /** Links the header shows after the store's name (the website's published pages). */
  menu?: readonly { label: string; href: string; current?: boolean }[];
};

const storeFontOf = (font: string): StoreFont =>
  font in STORE_FONTS ? (font as StoreFont) : STORE_FONT_DEFAULT;
const checkoutModeOf = (mode: string): StoreCheckoutMode =>
  mode in STORE_CHECKOUT_MODES ? (mode as StoreCheckoutMode) : 'both';

/** The store at /s/{slug}, or null. */
export async function storeBySlug(db: Db, slug: string): Promise<Store | null> {
  const [row] = await db
    .select({
      accountId: storeSettings.accountId,
      slug: storeSettings.slug,
      colour: storeSettings.colour,
      font: storeSettings.font,
      checkoutMode: storeSettings.checkoutMode,
      customDomain: storeSettings.customDomain,
      domainVerifiedAt: storeSettings.domainVerifiedAt,
      holdMinutes: storeSettings.holdMinutes,
      name: accounts.name,
      logo: accounts.logo,
      settings: accounts.settings,
      planLevel: accounts.planLevel,
    })
    .from(storeSettings)
    .innerJoin(accounts, eq(accounts.id, storeSettings.accountId))
    .where(eq(storeSettings.slug, slug));
  if (!row) return null;
  const settings = (row.settings ?? {}) as {
    timezone?: unknown;
    currency?: unknown;
    locale?: unknown;
  };
  return {
    accountId: row.accountId,
    slug: row.slug,
    name: row.name,
    logo: row.logo,
    colour: row.colour,
    font: storeFontOf(row.font),
    checkoutMode: checkoutModeOf(row.checkoutMode),
    // Named (canonical links, the sitemap, the embed) only while it is served: verified, and on
    // a plan with custom domains (storeSlugByDomain's rule).
    customDomain:
      row.domainVerifiedAt && allows(parsePlan(row.planLevel), 'customDomain')
        ? row.customDomain
        : null,
    holdMinutes: row.holdMinutes,
    timeZone: typeof settings.timezone === 'string' ? settings.timezone : 'America/New_York',
    currency: typeof settings.currency === 'string' ? settings.currency : 'USD',
    locale: resolveLocale(settings.locale),
  };
}

/** The account's store settings, or null before it has chosen an address. */
export async function storeSettingsOf(db: Db, accountId: string) {
  const [row] = await db
    .select({
      slug: storeSettings.slug,
      holdMinutes: storeSettings.holdMinutes,
      colour: storeSettings.colour,
      font: storeSettings.font,
      checkoutMode: storeSettings.checkoutMode,
    })
    .from(storeSettings)
    .where(eq(storeSettings.accountId, accountId));
  return row
    ? { ...row, font: storeFontOf(row.font), checkoutMode: checkoutModeOf(row.checkoutMode) }
    : null;
}

/** The account's custom domain as stored (pending or verified), or null. */
export async function storeDomainOf(db: Db, accountId: string) {
  const [row] = await db
    .select({
      domain: storeSettings.customDomain,
      token: storeSettings.domainToken,
      verifiedAt: storeSettings.domainVerifiedAt,
    })
    .from(storeSettings)
    .where(eq(storeSettings.accountId, accountId));
  return row?.domain && row.token
    ? { domain: row.domain, token: row.token, verifiedAt: row.verifiedAt }
    : null;
}

/** The slug of the store whose verified custom domain is `host`, or null. */
export async function storeSlugByDomain(db: Db, host: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: storeSettings.slug, planLevel: accounts.planLevel })
    .from(storeSettings)
    .innerJoin(accounts, eq(accounts.id, storeSettings.accountId))
    .where(
      and(eq(storeSettings.customDomain, host), sql`${storeSettings.domainVerifiedAt} is not null`),
    );
  // §13: a plan without custom domains (after a downgrade) serves the store at /s/{slug} only.
  return row && allows(parsePlan(row.planLevel), 'customDomain') ? row.slug : null;
}

/** A party's day and times in the store's time zone, as instants. */
export async function partyInstants(
  db: Db,
  timeZone: string,
  party: { date: string; start: string; end: string },
) {
  const [row] = await queryRows<{ start: Date | string; end: Date | string }>(
    db,
    sql`select (${`${party.date} ${party.start}`}::timestamp at time zone ${timeZone}) as start,
      (${`${party.date} ${party.end}`}::timestamp at time zone ${timeZone}) as "end"`,
  );
  return {
    eventStart: new Date(row?.start as string).toISOString(),
    eventEnd: new Date(row?.end as string).toISOString(),
  };
}

export type StoreCategory = { id: string; name: string; slug: string; description: string | null };

/** The categories shown in the store, in the staff's order. */
export async function storeCategories(db: Db, accountId: string): Promise<StoreCategory[]> {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
    })
    .from(categories)
    .where(and(eq(categories.accountId, accountId), eq(categories.showInStore, true)))
    .orderBy(asc(categories.position), asc(categories.name));
}

export type StoreProduct = {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  categoryId: string | null;
  pricing: ProductPricing;
  dimensions: {
    lengthCm?: number | null;
    widthCm?: number | null;
    heightCm?: number | null;
  } | null;
  powerNeeds: string | null;
  capacity: string | null;
  imageId: string | null;
};

const storeProductFields = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  description: products.description,
  categoryId: products.categoryId,
  pricing: products.pricing,
  dimensions: products.dimensions,
  powerNeeds: products.powerNeeds,
  capacity: products.capacity,
  imageId: sql<string | null>`(select i.id from ${inventoryImages} i
    where i.account_id = ${products.accountId} and i.product_id = ${products.id}
    order by i.position, i.created_at limit 1)`,
};

/** Active products shown in the store (in a category shown in the store, or none). */
const shownInStore = (accountId: string) =>
  and(
    eq(products.accountId, accountId),
    eq(products.status, 'active'),
    eq(products.showInStore, true),
    sql`(${products.categoryId} is null or exists (select 1 from ${categories} c
      where c.id = ${products.categoryId} and c.show_in_store))`,
  );

export async function storeProducts(db: Db, accountId: string): Promise<StoreProduct[]> {
  return db
    .select(storeProductFields)
    .from(products)
    .where(shownInStore(accountId))
    .orderBy(asc(products.name));
}

export async function storeProductBySlug(
  db: Db,
  accountId: string,
  slug: string,
): Promise<StoreProduct | null> {
  const [row] = await db
    .select(storeProductFields)
    .from(products)
    .where(and(shownInStore(accountId), eq(products.slug, slug)));
  return row ?? null;
}

/** A store product's image (by the image's id, only of a product the store shows). */
export async function storeImage(
  db: Db,
  accountId: string,
  imageId: string,
  size: 'full' | 'thumbnail',
) {
  const [row] = await db
    .select({
      contentType: inventoryImages.contentType,
      bytes: size === 'full' ? inventoryImages.full : inventoryImages.thumbnail,
    })
    .from(inventoryImages)
    .innerJoin(products, eq(products.id, inventoryImages.productId))
    .where(and(eq(inventoryImages.id, imageId), shownInStore(accountId)));
  return row ?? null;
}

export type Cart = typeof cartSessions.$inferSelect;

/** The shopper's cart (by their cookie), in this store only. */
export async function cartByToken(db: Db, accountId: string, token: string) {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return null;
  const [row] = await db
    .select()
    .from(cartSessions)
    .where(and(eq(cartSessions.accountId, accountId), eq(cartSessions.token, token)));
  return row ?? null;
}

/** The items the shopper chose (not the components they bring), with names and images. */
export async function cartItems(db: Db, accountId: string, cartId: string) {
  return db
    .select({
      productId: cartLines.productId,
      quantity: cartLines.quantity,
      unitPriceCents: cartLines.unitPriceCents,
      name: products.name,
      slug: products.slug,
      imageId: storeProductFields.imageId,
    })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(
      and(
        eq(cartLines.accountId, accountId),
        eq(cartLines.cartId, cartId),
        eq(cartLines.chosen, true),
      ),
    )
    .orderBy(asc(cartLines.createdAt), asc(products.name));
}

/** The customer with this e-mail address (case-insensitive), else with this phone number. */
export async function customerByContact(
  db: Db,
  accountId: string,
  contact: { email: string; phoneNumber?: string | null },
) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.accountId, accountId),
        contact.phoneNumber
          ? sql`(lower(${customers.email}) = lower(${contact.email}) or ${customers.phoneNumber} = ${contact.phoneNumber})`
          : sql`lower(${customers.email}) = lower(${contact.email})`,
      ),
    )
    .orderBy(sql`lower(${customers.email}) = lower(${contact.email}) desc`)
    .limit(1);
  return row ?? null;
}

/** §10 "abandoned at": carts whose hold ran out with items and no order (one UPDATE). */
export async function markAbandonedCarts(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(cartSessions)
    .set({ abandonedAt: sql`${cartSessions.holdExpiresAt}` })
    .where(
      and(
        sql`${cartSessions.holdExpiresAt} <= ${now}`,
        isNull(cartSessions.convertedOrderId),
        isNull(cartSessions.abandonedAt),
        sql`${cartSessions.itemCount} > 0`,
      ),
    )
    .returning({ id: cartSessions.id });
  return rows.length;
}

/**
 * §10 cart sessions for staff: the sessions with at least one item started on the local days
 * `from` to `to`, as the dashboard's Cart Sessions tile counts them, newest first, with what
 * the shopper chose and, for a member who may see customers, the contact they gave.
 */
export async function cartSessionList(
  db: Db,
  accountId: string,
  timeZone: string,
  query: CartSessionListQuery,
  withContact: boolean,
): Promise<CartSessionList> {
  const state = sql`case when s.converted_order_id is not null then 'converted'
      when s.abandoned_at is not null then 'abandoned' else 'open' end`;
  const where = sql`s.account_id = ${accountId} and s.item_count > 0
      and s.started_at >= ((${query.from}::date)::timestamp at time zone ${timeZone})
      and s.started_at < (((${query.to}::date) + 1)::timestamp at time zone ${timeZone})
      ${query.state ? sql`and ${state} = ${query.state}` : sql``}`;
  // One read: the total is counted over the same rows before the limit. The converted order and
  // each line's product are read by their keys (`offset 0` keeps the subqueries from being
  // flattened, the account checked outside them): before a table's statistics are gathered the
  // planner costs a scan of the account's index as one row, took it, and went through every
  // order of the account for each cart and every product for each line (15 ms of a month's
  // list on the demo account, 38 ms with its carts' lines; under 1 and 3 ms by key).
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select s.id, ${state} as state, s.started_at, s.last_seen_at, s.event_start,
        s.event_end, s.postal_code, s.item_count, s.value_cents, s.contact, s.customer_id,
        s.abandoned_at, o.id as order_id, o.number as order_number,
        count(*) over () as total,
        coalesce((
          select json_agg(json_build_object('name', p.name, 'quantity', l.quantity)
            order by l.created_at, p.name)
          from cart_lines l
          cross join lateral (select p.name, p.account_id from products p
            where p.id = l.product_id offset 0) p
          where l.account_id = ${accountId} and l.cart_id = s.id and l.chosen
            and p.account_id = ${accountId}
        ), '[]'::json) as items
      from cart_sessions s
      left join lateral (select o.id, o.number, o.account_id from orders o
        where o.id = s.converted_order_id offset 0) o on o.account_id = ${accountId}
      where ${where}
      order by s.started_at desc, s.id
      limit ${CART_SESSION_LIST_LIMIT}`,
  );
  const iso = (value: unknown) => (value == null ? null : new Date(value as string).toISOString());
  return {
    total: Number(rows[0]?.total ?? 0),
    carts: rows.map((r) => {
      const contact = r.contact as CartContact | null;
      return {
        id: String(r.id),
        state: r.state as CartSession['state'],
        startedAt: iso(r.started_at) as string,
        lastSeenAt: iso(r.last_seen_at),
        eventStart: iso(r.event_start),
        eventEnd: iso(r.event_end),
        postalCode: (r.postal_code as string | null) ?? null,
        itemCount: Number(r.item_count),
        valueCents: Number(r.value_cents),
        items: (typeof r.items === 'string'
          ? JSON.parse(r.items)
          : r.items) as CartSession['items'],
        contact:
          withContact && contact
            ? {
                name: `${contact.firstName} ${contact.lastName}`.trim(),
                email: contact.email,
                phone: contact.phone,
                textConsent: contact.textConsent,
              }
            : null,
        customerId: withContact ? ((r.customer_id as string | null) ?? null) : null,
        order:
          r.order_id == null ? null : { id: String(r.order_id), number: Number(r.order_number) },
        abandonedAt: iso(r.abandoned_at),
      };
    }),
  };
}

type CartContact = NonNullable<(typeof cartSessions.$inferSelect)['contact']>;

/** §3 the setup surfaces a customer may pick ("shown to customers"), in the account's order. */
export function storeSurfaces(db: Db, accountId: string) {
  return db
    .select({ id: surfaces.id, name: surfaces.name })
    .from(surfaces)
    .where(and(eq(surfaces.accountId, accountId), eq(surfaces.customerVisible, true)))
    .orderBy(asc(surfaces.position), asc(surfaces.name));
}

/** The rules of `productIds` on one surface, with the products' names (none: allowed). */
export async function surfaceRulesOf(
  db: Db,
  accountId: string,
  surfaceId: string,
  productIds: string[],
) {
  if (productIds.length === 0) return [];
  return db
    .select({ name: products.name, allowed: productSurfaceRules.allowed })
    .from(productSurfaceRules)
    .innerJoin(products, eq(products.id, productSurfaceRules.productId))
    .where(
      and(
        eq(productSurfaceRules.accountId, accountId),
        eq(productSurfaceRules.surfaceId, surfaceId),
        inArray(productSurfaceRules.productId, productIds),
      ),
    )
    .orderBy(asc(products.name));
}
