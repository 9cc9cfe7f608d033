import {
  type CatalogProduct,
  HOLDING_ORDER_STATUSES,
  type Holding,
  itemAvailability,
  type ProductListQuery,
  type ProductPricing,
  reservedRange,
  type StockFacts,
  type SurfaceRule,
} from '@tentpole/domain';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { orderLines } from '../orders/tables.js';
import { cartLines, cartSessions } from '../store/tables.js';
import {
  categories,
  downtimes,
  inventoryImages,
  productAccessories,
  productComponents,
  productSurfaceRules,
  products,
  productUnits,
  surfaces,
} from './tables.js';

/**
 * Inventory's public surface: reads, and the one locking read the booking write path runs in
 * its transaction (`lockStock`). Every query is scoped to the account in its WHERE.
 */

export const imageUrl = (id: string, size: 'full' | 'thumbnail') =>
  `/api/inventory-images/${id}/${size}`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A serialized product owns its active units; a bulk one its quantity. The units and images
 * are read by account and product, as their indexes lead (decision 0071).
 */
const ownedSql = sql<number>`case when ${products.tracking} = 'serialized' then (
  select count(*)::int from ${productUnits} u
  where u.account_id = ${products.accountId} and u.product_id = ${products.id}
    and u.status = 'active') else ${products.quantity} end`;

const firstImageSql = sql<string | null>`(select i.id from ${inventoryImages} i
  where i.account_id = ${products.accountId} and i.product_id = ${products.id}
  order by i.position, i.created_at limit 1)`;

export async function listProducts(db: Db, accountId: string, query: ProductListQuery) {
  const words = query.search.toLowerCase().split(/\s+/).filter(Boolean);
  const where = and(
    eq(products.accountId, accountId),
    eq(products.status, query.status),
    query.categoryId ? eq(products.categoryId, query.categoryId) : undefined,
    ...words.map((w) => sql`lower(${products.name}) like ${`%${escapeLike(w)}%`}`),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        categoryId: products.categoryId,
        categoryName: categories.name,
        type: products.type,
        tracking: products.tracking,
        quantity: ownedSql,
        pricing: products.pricing,
        status: products.status,
        imageId: firstImageSql,
        showInStore: products.showInStore,
      })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(asc(sql`lower(${products.name})`), asc(products.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(products).where(where),
  ]);
  return {
    products: rows.map(({ imageId, ...row }) => ({
      ...row,
      imageUrl: imageId ? imageUrl(imageId, 'thumbnail') : null,
    })),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** One product with everything its page shows, or null (not this account's). */
export async function findProduct(db: Db, accountId: string, productId: string) {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      categoryId: products.categoryId,
      categoryName: categories.name,
      description: products.description,
      type: products.type,
      tracking: products.tracking,
      bulkQuantity: products.quantity,
      pricing: products.pricing,
      taxable: products.taxable,
      securityDeposit: products.securityDepositCents,
      bufferBeforeMinutes: products.bufferBeforeMinutes,
      bufferAfterMinutes: products.bufferAfterMinutes,
      recoveryMinutes: products.recoveryMinutes,
      dimensions: products.dimensions,
      powerNeeds: products.powerNeeds,
      capacity: products.capacity,
      anchorPoints: products.anchorPoints,
      setupMinutes: products.setupMinutes,
      crewSize: products.crewSize,
      showInStore: products.showInStore,
      status: products.status,
      createdAt: products.createdAt,
      ordered: sql<boolean>`exists (select 1 from ${orderLines} l where l.product_id = ${products.id})`,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(products.accountId, accountId), eq(products.id, productId)))
    .limit(1);
  if (!row) return null;
  const [images, components, accessories, units] = await Promise.all([
    db
      .select({ id: inventoryImages.id })
      .from(inventoryImages)
      .where(
        and(eq(inventoryImages.accountId, accountId), eq(inventoryImages.productId, productId)),
      )
      .orderBy(asc(inventoryImages.position), asc(inventoryImages.createdAt)),
    db
      .select({ id: products.id, name: products.name, quantity: productComponents.quantity })
      .from(productComponents)
      .innerJoin(products, eq(products.id, productComponents.productId))
      .where(
        and(eq(productComponents.accountId, accountId), eq(productComponents.bundleId, productId)),
      )
      .orderBy(asc(productComponents.position)),
    db
      .select({
        id: products.id,
        name: products.name,
        quantity: productAccessories.quantity,
        required: productAccessories.required,
      })
      .from(productAccessories)
      .innerJoin(products, eq(products.id, productAccessories.accessoryId))
      .where(
        and(
          eq(productAccessories.accountId, accountId),
          eq(productAccessories.productId, productId),
        ),
      )
      .orderBy(asc(productAccessories.position)),
    db
      .select({
        id: productUnits.id,
        name: productUnits.name,
        serial: productUnits.serial,
        status: productUnits.status,
      })
      .from(productUnits)
      .where(and(eq(productUnits.accountId, accountId), eq(productUnits.productId, productId)))
      .orderBy(asc(productUnits.createdAt), asc(productUnits.name)),
  ]);
  const { bulkQuantity, createdAt, ...rest } = row;
  return {
    ...rest,
    quantity:
      row.tracking === 'serialized'
        ? units.filter((u) => u.status === 'active').length
        : bulkQuantity,
    imageUrl: images[0] ? imageUrl(images[0].id, 'thumbnail') : null,
    images: images.map((i) => ({
      id: i.id,
      url: imageUrl(i.id, 'full'),
      thumbnailUrl: imageUrl(i.id, 'thumbnail'),
    })),
    components,
    accessories,
    units,
    createdAt: createdAt.toISOString(),
  };
}
export type ProductRecord = NonNullable<Awaited<ReturnType<typeof findProduct>>>;

/** The account's active products, by name (the demo orders find what they rent this way). */
export async function activeProductNames(db: Db, accountId: string) {
  return db
    .select({ id: products.id, name: products.name, pricing: products.pricing })
    .from(products)
    .where(and(eq(products.accountId, accountId), eq(products.status, 'active')))
    .orderBy(asc(products.name), asc(products.id));
}

/** These products' names, by id (an order's component lines are named after them). */
export async function productNamesOf(db: Db, accountId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.accountId, accountId), inArray(products.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The ids of these that are products of the account (to refuse another account's). */
export async function existingProductIds(db: Db, accountId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.accountId, accountId), inArray(products.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

export async function listCategories(db: Db, accountId: string) {
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      parentId: categories.parentId,
      description: categories.description,
      showInStore: categories.showInStore,
      position: categories.position,
      imageId: sql<string | null>`(select i.id from ${inventoryImages} i
        where i.category_id = ${categories.id} order by i.created_at desc limit 1)`,
      productCount: sql<number>`(select count(*)::int from ${products} p
        where p.category_id = ${categories.id} and p.status = 'active')`,
    })
    .from(categories)
    .where(eq(categories.accountId, accountId))
    .orderBy(asc(categories.position), asc(sql`lower(${categories.name})`));
  // Parents before children, siblings in their order: a depth-first walk of the tree.
  const children = new Map<string | null, typeof rows>();
  const ids = new Set(rows.map((r) => r.id));
  for (const row of rows) {
    const parent = row.parentId && ids.has(row.parentId) ? row.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const ordered: typeof rows = [];
  const walk = (parent: string | null) => {
    for (const row of children.get(parent) ?? []) {
      ordered.push(row);
      walk(row.id);
    }
  };
  walk(null);
  return ordered.map(({ imageId, ...row }) => ({
    ...row,
    imageUrl: imageId ? imageUrl(imageId, 'thumbnail') : null,
  }));
}

export async function findCategory(db: Db, accountId: string, categoryId: string) {
  const all = await listCategories(db, accountId);
  return all.find((c) => c.id === categoryId) ?? null;
}

export async function listSurfaces(db: Db, accountId: string) {
  return db
    .select({
      id: surfaces.id,
      name: surfaces.name,
      description: surfaces.description,
      customerVisible: surfaces.customerVisible,
      position: surfaces.position,
    })
    .from(surfaces)
    .where(eq(surfaces.accountId, accountId))
    .orderBy(asc(surfaces.position), asc(surfaces.name));
}

const ruleFields = {
  productId: productSurfaceRules.productId,
  surfaceId: productSurfaceRules.surfaceId,
  allowed: productSurfaceRules.allowed,
  components: productSurfaceRules.components,
  fee: productSurfaceRules.fee,
  crewNotes: productSurfaceRules.crewNotes,
};

export async function productSurfaceRulesOf(db: Db, accountId: string, productId?: string) {
  const rows = await db
    .select(ruleFields)
    .from(productSurfaceRules)
    .where(
      and(
        eq(productSurfaceRules.accountId, accountId),
        productId ? eq(productSurfaceRules.productId, productId) : undefined,
      ),
    );
  return rows.map(({ productId: owner, ...rule }) => ({
    productId: owner,
    rule: rule as SurfaceRule,
  }));
}

/** The surface grid: every active product with its rules. */
export async function surfaceGrid(db: Db, accountId: string) {
  const [surfaceList, productRows, rules] = await Promise.all([
    listSurfaces(db, accountId),
    db
      .select({ id: products.id, name: products.name, anchorPoints: products.anchorPoints })
      .from(products)
      .where(
        and(
          eq(products.accountId, accountId),
          eq(products.status, 'active'),
          eq(products.type, 'rental'),
        ),
      )
      .orderBy(asc(sql`lower(${products.name})`)),
    productSurfaceRulesOf(db, accountId),
  ]);
  const byProduct = new Map<string, SurfaceRule[]>();
  for (const { productId, rule } of rules)
    byProduct.set(productId, [...(byProduct.get(productId) ?? []), rule]);
  return {
    surfaces: surfaceList,
    products: productRows.map((p) => ({ ...p, rules: byProduct.get(p.id) ?? [] })),
  };
}

const downtimeSelect = {
  id: downtimes.id,
  productId: downtimes.productId,
  productName: products.name,
  unitId: downtimes.unitId,
  unitName: productUnits.name,
  quantity: downtimes.quantity,
  reason: downtimes.reason,
  from: downtimes.from,
  until: downtimes.until,
  hard: downtimes.hard,
  note: downtimes.note,
};

const downtimeBody = (row: { from: Date; until: Date | null; [key: string]: unknown }) => ({
  ...row,
  from: row.from.toISOString(),
  until: row.until?.toISOString() ?? null,
});

/** Downtimes of the account (or one product); `current`: those not ended by `now`. */
export async function listDowntimes(
  db: Db,
  accountId: string,
  { productId, current, now }: { productId?: string; current: boolean; now: Date },
) {
  const rows = await db
    .select(downtimeSelect)
    .from(downtimes)
    .innerJoin(products, eq(products.id, downtimes.productId))
    .leftJoin(productUnits, eq(productUnits.id, downtimes.unitId))
    .where(
      and(
        eq(downtimes.accountId, accountId),
        productId ? eq(downtimes.productId, productId) : undefined,
        current ? sql`(${downtimes.until} is null or ${downtimes.until} > ${now})` : undefined,
      ),
    )
    .orderBy(asc(downtimes.from));
  return rows.map((r) => downtimeBody(r) as ReturnType<typeof downtimeBody> & typeof r);
}

export async function findDowntime(db: Db, accountId: string, downtimeId: string) {
  const [row] = await db
    .select(downtimeSelect)
    .from(downtimes)
    .innerJoin(products, eq(products.id, downtimes.productId))
    .leftJoin(productUnits, eq(productUnits.id, downtimes.unitId))
    .where(and(eq(downtimes.accountId, accountId), eq(downtimes.id, downtimeId)))
    .limit(1);
  return row ? (downtimeBody(row) as ReturnType<typeof downtimeBody> & typeof row) : null;
}

// ---------------------------------------------------------------------------------------------
// Availability's one SQL path: the catalogue the request reaches, then the facts of its tracked
// products over a window. `lockStock` is the same read under row locks, for the write path.

type CatalogRow = {
  id: string;
  type: CatalogProduct['type'];
  anchor_points: number;
  owned: number;
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  recovery_minutes: number;
  components: { productId: string; quantity: number }[] | null;
  accessories: { productId: string; quantity: number; required: boolean }[] | null;
  rules: { surfaceId: string; components: SurfaceRule['components'] }[] | null;
};

export type StockProduct = CatalogProduct & {
  owned: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  recoveryMinutes: number;
};

const idList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * The products these ids reach (components, required accessories, surface components), with
 * what availability needs of each. Unknown ids and other accounts' products are left out.
 */
export async function loadCatalog(
  db: Db,
  accountId: string,
  ids: readonly string[],
): Promise<Map<string, StockProduct>> {
  const catalog = new Map<string, StockProduct>();
  let wanted = [...new Set(ids)];
  for (let depth = 0; wanted.length > 0 && depth < 5; depth++) {
    const rows = await queryRows<CatalogRow>(
      db,
      sql`select p.id, p.type, p.anchor_points, p.buffer_before_minutes, p.buffer_after_minutes,
        p.recovery_minutes,
        case when p.tracking = 'serialized' then (select count(*)::int from product_units u
          where u.account_id = p.account_id and u.product_id = p.id and u.status = 'active') else p.quantity end as owned,
        (select json_agg(json_build_object('productId', c.product_id, 'quantity', c.quantity))
          from product_components c where c.bundle_id = p.id) as components,
        (select json_agg(json_build_object('productId', a.accessory_id, 'quantity', a.quantity,
          'required', a.required)) from product_accessories a where a.product_id = p.id) as accessories,
        (select json_agg(json_build_object('surfaceId', r.surface_id, 'components', r.components))
          from product_surface_rules r where r.product_id = p.id
          and jsonb_array_length(r.components) > 0) as rules
      from products p where p.account_id = ${accountId} and p.id in (${idList(wanted)})`,
    );
    const next = new Set<string>();
    for (const row of rows) {
      const product: StockProduct = {
        id: row.id,
        type: row.type,
        anchorPoints: row.anchor_points,
        owned: row.owned,
        bufferBeforeMinutes: row.buffer_before_minutes,
        bufferAfterMinutes: row.buffer_after_minutes,
        recoveryMinutes: row.recovery_minutes,
        components: row.components ?? [],
        accessories: row.accessories ?? [],
        surfaceComponents: new Map((row.rules ?? []).map((r) => [r.surfaceId, r.components])),
      };
      catalog.set(row.id, product);
      for (const c of product.components) next.add(c.productId);
      for (const a of product.accessories) if (a.required) next.add(a.productId);
      for (const list of product.surfaceComponents?.values() ?? [])
        for (const c of list) next.add(c.productId);
    }
    wanted = [...next].filter((id) => !catalog.has(id));
  }
  return catalog;
}

type HoldingRow = {
  product_id: string;
  quantity: number;
  reserved_from: Date | string;
  reserved_until: Date | string;
  order_id: string;
  number: number;
};
type DowntimeRow = {
  product_id: string;
  quantity: number;
  from: Date | string;
  until: Date | string | null;
  hard: boolean;
};

const ms = (value: Date | string) => (value instanceof Date ? value.getTime() : Date.parse(value));
const holdingStatuses = sql.join(
  HOLDING_ORDER_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/**
 * How many of each product a party could take over its reserved range (the window with each
 * product's buffers and recovery): one catalogue read and one read of holdings and downtimes,
 * whatever the number of products. Sale and service items hold no stock: 999. The store's
 * offer and the phone's "hold for caller" both ask it.
 */
export async function freeCounts(
  db: Db,
  accountId: string,
  productIds: readonly string[],
  times: { eventStart: number; eventEnd: number },
  now: Date,
  excludeCartId?: string,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (productIds.length === 0) return out;
  const catalog = await loadCatalog(db, accountId, productIds);
  const ranges = new Map<string, { from: number; until: number }>();
  for (const [id, product] of catalog) ranges.set(id, reservedRange(times, product));
  const all = [...ranges.values()];
  if (all.length === 0) return out;
  const facts = await stockFacts(
    db,
    accountId,
    catalog,
    { from: Math.min(...all.map((r) => r.from)), until: Math.max(...all.map((r) => r.until)) },
    { excludeCartId, now },
  );
  for (const id of productIds) {
    const range = ranges.get(id);
    if (!range) continue;
    const answer = itemAvailability({ productId: id, quantity: 1, range }, catalog, facts);
    out.set(id, Number.isFinite(answer.available) ? answer.available : 999);
  }
  return out;
}

/**
 * The stock facts of the given tracked products over [from, until): owned, hard and soft
 * downtimes, and the lines of holding orders (an expired hold holds nothing) that overlap it.
 */
export async function stockFacts(
  db: Db,
  accountId: string,
  catalog: ReadonlyMap<string, StockProduct>,
  window: { from: number; until: number },
  {
    excludeOrderId,
    excludeCartId,
    now,
  }: { excludeOrderId?: string | undefined; excludeCartId?: string | undefined; now: Date },
): Promise<Map<string, StockFacts>> {
  const tracked = [...catalog.values()].filter(
    (p) => p.type === 'rental' && p.components.length === 0,
  );
  const facts = new Map<string, StockFacts & { holdings: Holding[]; downtimes: DowntimeFact[] }>();
  for (const p of tracked) facts.set(p.id, { owned: p.owned, holdings: [], downtimes: [] });
  if (tracked.length === 0) return facts;
  const ids = idList(tracked.map((p) => p.id));
  const from = new Date(window.from);
  const until = new Date(window.until);
  const [holdings, downs] = await Promise.all([
    // §10: a store cart's lines hold stock until the cart's hold expires, as an order hold does.
    queryRows<HoldingRow & { cart: boolean }>(
      db,
      // Each line's order is read by its key (`offset 0` keeps the subquery from being flattened
      // into a join): the planner overestimates the lines two range conditions leave (about a
      // hundred times on a two-year account) and would otherwise hash-join every order of the
      // account, 20 ms where a few key lookups take well under one (issue 20's store bench).
      sql`select l.product_id, l.quantity, l.reserved_from, l.reserved_until, o.id as order_id, o.number,
          false as cart
        from order_lines l
        cross join lateral (select o.id, o.number from orders o
          where o.id = l.order_id and o.account_id = ${accountId} and o.status in (${holdingStatuses})
            and (o.status <> 'hold' or o.hold_expires_at > ${now})
            ${excludeOrderId ? sql`and o.id <> ${excludeOrderId}` : sql``}
          offset 0) o
        where l.product_id in (${ids}) and l.reserved_until > ${from} and l.reserved_from < ${until}
        union all
        select l.product_id, l.quantity, l.reserved_from, l.reserved_until, s.id as order_id,
          0 as number, true as cart
        from ${cartLines} l join ${cartSessions} s on s.id = l.cart_id
        where l.product_id in (${ids}) and l.reserved_until > ${from} and l.reserved_from < ${until}
          and s.account_id = ${accountId} and s.hold_expires_at > ${now}
          and s.converted_order_id is null
          ${excludeCartId ? sql`and s.id <> ${excludeCartId}` : sql``}`,
    ),
    queryRows<DowntimeRow>(
      db,
      sql`select d.product_id, d.quantity, d."from", d."until", d.hard from downtimes d
        where d.account_id = ${accountId} and d.product_id in (${ids})
          and d."from" < ${until} and (d."until" is null or d."until" > ${from})`,
    ),
  ]);
  for (const h of holdings)
    facts.get(h.product_id)?.holdings.push({
      quantity: h.quantity,
      from: ms(h.reserved_from),
      until: ms(h.reserved_until),
      orderId: h.order_id,
      number: Number(h.number),
      ...(h.cart ? { cart: true } : {}),
    });
  for (const d of downs)
    facts.get(d.product_id)?.downtimes.push({
      quantity: d.quantity,
      from: ms(d.from),
      until: d.until === null ? null : ms(d.until),
      hard: d.hard,
    });
  return facts;
}
type DowntimeFact = StockFacts['downtimes'][number];

/**
 * The write path's read (§3: "locks the products involved, re-checks"): inside the caller's
 * transaction, locks the tracked products the request reaches, in id order (so two bookings
 * never wait on each other in a cycle), then reads their facts. Whoever adds a holding of a
 * product holds its lock while checking every holding of it, so two bookings of the last unit
 * cannot both pass.
 */
export async function lockStock(
  tx: Db,
  accountId: string,
  productIds: readonly string[],
  /** The window to read, from the catalogue (the lines' reserved ranges need its buffers). */
  windowOf: (catalog: ReadonlyMap<string, StockProduct>) => { from: number; until: number },
  options: { excludeOrderId?: string | undefined; excludeCartId?: string | undefined; now: Date },
) {
  const catalog = await loadCatalog(tx, accountId, productIds);
  const tracked = [...catalog.keys()].sort();
  if (tracked.length > 0)
    await queryRows(
      tx,
      sql`select id from products where account_id = ${accountId} and id in (${idList(tracked)})
        order by id for update`,
    );
  // Re-read after the lock: owned and the catalogue may have changed while we waited.
  const locked = await loadCatalog(tx, accountId, productIds);
  const facts = await stockFacts(tx, accountId, locked, windowOf(locked), options);
  return { catalog: locked, facts };
}

/** The orders holding a product during a window, with the customer's name (the product page). */
export async function holdersOf(
  db: Db,
  accountId: string,
  productIds: readonly string[],
  window: { from: Date; until: Date },
  now: Date,
) {
  if (productIds.length === 0) return [];
  return queryRows<{
    order_id: string;
    number: number;
    status: string;
    customer_name: string;
    quantity: number;
    from: Date | string;
    until: Date | string;
  }>(
    db,
    sql`select o.id as order_id, o.number, o.status,
        c.first_name || ' ' || c.last_name as customer_name,
        sum(l.quantity)::int as quantity, min(l.reserved_from) as "from", max(l.reserved_until) as "until"
      from order_lines l join orders o on o.id = l.order_id join customers c on c.id = o.customer_id
      where l.product_id in (${idList(productIds)}) and l.reserved_until > ${window.from}
        and l.reserved_from < ${window.until} and o.account_id = ${accountId}
        and o.status in (${holdingStatuses}) and (o.status <> 'hold' or o.hold_expires_at > ${now})
      group by o.id, o.number, o.status, c.first_name, c.last_name
      order by min(l.reserved_from), o.number`,
  );
}

export const productWhere = (accountId: string, productId: string): SQL =>
  and(eq(products.accountId, accountId), eq(products.id, productId)) as SQL;

/** What pricing an order needs of its products, with their rule on the order's surface. */
export async function pricingFacts(
  db: Db,
  accountId: string,
  productIds: readonly string[],
  surfaceId: string | null,
) {
  if (productIds.length === 0) return new Map<string, PricingFacts>();
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      pricing: products.pricing,
      taxable: products.taxable,
      securityDeposit: products.securityDepositCents,
      anchorPoints: products.anchorPoints,
      surfaceName: surfaces.name,
      allowed: productSurfaceRules.allowed,
      fee: productSurfaceRules.fee,
    })
    .from(products)
    .leftJoin(
      productSurfaceRules,
      and(
        eq(productSurfaceRules.productId, products.id),
        surfaceId ? eq(productSurfaceRules.surfaceId, surfaceId) : sql`false`,
      ),
    )
    .leftJoin(surfaces, eq(surfaces.id, productSurfaceRules.surfaceId))
    .where(and(eq(products.accountId, accountId), inArray(products.id, [...new Set(productIds)])));
  return new Map<string, PricingFacts>(
    rows.map(({ allowed, fee, ...row }) => [
      row.id,
      { ...row, surfaceRule: allowed ? { allowed, fee: fee ?? null } : null },
    ]),
  );
}
export type PricingFacts = {
  id: string;
  name: string;
  pricing: ProductPricing;
  taxable: boolean;
  securityDeposit: number;
  anchorPoints: number;
  surfaceName: string | null;
  surfaceRule: { allowed: 'yes' | 'no' | 'approval'; fee: SurfaceRule['fee'] } | null;
};

/**
 * The job that takes units out of stock when an order comes back with them damaged or missing
 * (§3): another feature enqueues it with this kind and payload; inventory runs it.
 */
export const OPEN_DOWNTIME_JOB = 'open-downtime';
export type OpenDowntimePayload = {
  accountId: string;
  productId: string;
  quantity: number;
  reason: 'damaged' | 'missing';
  note: string;
  from: string;
};

/**
 * For each product, its category and every category above it (nearest first): a rule for a
 * category (a coupon's scope, a blackout's) reaches its subcategories' products.
 */
export async function productCategoryPaths(
  db: Db,
  accountId: string,
  productIds: readonly string[],
): Promise<Map<string, string[]>> {
  const paths = new Map<string, string[]>();
  if (productIds.length === 0) return paths;
  const ids = sql.join(
    [...new Set(productIds)].map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await queryRows<{ product_id: string; category_id: string }>(
    db,
    sql`with recursive up(product_id, category_id, depth) as (
        select p.id, p.category_id, 0 from products p
        where p.account_id = ${accountId} and p.id in (${ids}) and p.category_id is not null
        union all
        select up.product_id, c.parent_id, up.depth + 1 from up
        join categories c on c.id = up.category_id and c.account_id = ${accountId}
        where c.parent_id is not null and up.depth < 20)
      select product_id, category_id from up order by product_id, depth`,
  );
  for (const r of rows)
    paths.set(r.product_id, [...(paths.get(r.product_id) ?? []), r.category_id]);
  return paths;
}

/** Whether every one of these categories (or products) is the account's. */
export async function ownsAll(
  db: Db,
  accountId: string,
  kind: 'category' | 'product',
  ids: readonly string[],
): Promise<boolean> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return true;
  const table = kind === 'category' ? categories : products;
  const found = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.accountId, accountId), inArray(table.id, unique)));
  return found.length === unique.length;
}
