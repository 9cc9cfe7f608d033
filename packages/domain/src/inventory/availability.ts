/**
 * back-office spec §3 "Availability": the arithmetic, with no I/O. Times are epoch
 * milliseconds; every range is half-open, [from, until): a range ending exactly where another
 * starts does not overlap it. The server gathers the facts with one SQL path and asks these
 * functions; the write path runs them again inside the transaction that holds the locks.
 */

export type Range = { from: number; until: number };

const MINUTE_MS = 60_000;

/** What buffers a product adds around the time it is out (minutes). */
export type Buffers = {
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  recoveryMinutes: number;
};

/** When the order needs the item: the event, and the delivery and pickup windows if any. */
export type LineTimes = {
  eventStart: number;
  eventEnd: number;
  deliveryStart?: number | null | undefined;
  pickupEnd?: number | null | undefined;
};

/**
 * §3: the reserved range of a line: from the earlier of delivery start and event start, minus
 * the buffer before, to the later of pickup end and event end, plus the buffer after and the
 * recovery time. Stored on the line when it is saved.
 */
export function reservedRange(times: LineTimes, buffers: Buffers): Range {
  const start = Math.min(times.eventStart, times.deliveryStart ?? times.eventStart);
  const end = Math.max(times.eventEnd, times.pickupEnd ?? times.eventEnd);
  return {
    from: start - buffers.bufferBeforeMinutes * MINUTE_MS,
    until: end + (buffers.bufferAfterMinutes + buffers.recoveryMinutes) * MINUTE_MS,
  };
}

/** A product as availability sees it. */
export type CatalogProduct = {
  id: string;
  type: 'rental' | 'sale' | 'service';
  anchorPoints: number;
  /** A bundle's components (per bundle); a bundle holds no stock of its own. */
  components: readonly { productId: string; quantity: number }[];
  accessories: readonly { productId: string; quantity: number; required: boolean }[];
  /** Per surface id: what setting it up on that surface adds (stakes, sandbags). */
  surfaceComponents?: ReadonlyMap<
    string,
    readonly { productId: string; quantity: number; per: 'unit' | 'anchor' }[]
  >;
};
export type Catalog = ReadonlyMap<string, CatalogProduct>;

/**
 * Whether a product's own stock is counted. Rentals are; a bundle is counted through its
 * components; sale items (consumables, restocked) and services (limited by the crew's
 * schedule, not by stock) are not (decision 0023).
 */
export function tracksStock(product: CatalogProduct): boolean {
  return product.type === 'rental' && product.components.length === 0;
}

export type Demand = { productId: string; quantity: number };

const MAX_DEPTH = 4;

/**
 * §3: what a line of `quantity` × product takes from stock: the product itself (or, for a
 * bundle, its components), its required accessories (following its quantity) and the
 * components its setup surface adds, per unit or per anchor point. Suggested accessories take
 * nothing. Quantities of the same product are summed. Unknown products and cycles are ignored
 * (the server refuses to save them).
 */
export function expandLine(
  line: Demand,
  catalog: Catalog,
  surfaceId?: string | null,
): Map<string, number> {
  const out = new Map<string, number>();
  const add = (productId: string, quantity: number) =>
    out.set(productId, (out.get(productId) ?? 0) + quantity);
  const visit = (productId: string, quantity: number, path: readonly string[]) => {
    const product = catalog.get(productId);
    if (!product || quantity <= 0 || path.includes(productId) || path.length > MAX_DEPTH) return;
    const next = [...path, productId];
    if (product.components.length > 0) {
      for (const c of product.components) visit(c.productId, c.quantity * quantity, next);
    } else if (tracksStock(product)) {
      add(productId, quantity);
    }
    for (const a of product.accessories)
      if (a.required) visit(a.productId, a.quantity * quantity, next);
    const surface = surfaceId ? product.surfaceComponents?.get(surfaceId) : undefined;
    for (const c of surface ?? []) {
      const per = c.per === 'anchor' ? c.quantity * product.anchorPoints : c.quantity;
      visit(c.productId, per * quantity, next);
    }
  };
  visit(line.productId, line.quantity, []);
  return out;
}

/** A line of a holding order, already expanded (component lines are stored as lines too). */
export type Holding = Range & {
  quantity: number;
  /** The order holding it; for a store cart (§10), the cart's id. */
  orderId: string;
  number: number;
  /** true: a shopper's cart in the online store holds it, not an order. */
  cart?: boolean;
};

export type DowntimeFact = {
  quantity: number;
  from: number;
  /** null: open-ended. */
  until: number | null;
  /** Hard downtime removes stock; soft only warns. */
  hard: boolean;
};

/** Everything availability needs to know about one tracked product. */
export type StockFacts = {
  /** Units owned: the bulk quantity, or the serialized product's active units. */
  owned: number;
  downtimes: readonly DowntimeFact[];
  holdings: readonly Holding[];
};

type Use = { quantity: number; from: number; until: number };

const overlaps = (a: Range, from: number, until: number) => from < a.until && until > a.from;

/**
 * §3: min over t in the window of (stock − demand), where stock is owned minus hard downtimes
 * covering t and demand is the holdings covering t, plus `extra` (a request being checked).
 * A sweep over the changes inside the window: O(n log n) in the facts that touch it.
 */
export function freeDuring(facts: StockFacts, window: Range, extra: readonly Use[] = []): number {
  if (window.until <= window.from) return facts.owned;
  const uses: Use[] = [];
  for (const d of facts.downtimes) {
    if (!d.hard) continue;
    const until = d.until ?? Number.POSITIVE_INFINITY;
    if (overlaps(window, d.from, until)) uses.push({ quantity: d.quantity, from: d.from, until });
  }
  for (const h of [...facts.holdings, ...extra])
    if (overlaps(window, h.from, h.until)) uses.push(h);

  let inUse = 0;
  const changes: { at: number; delta: number }[] = [];
  for (const u of uses) {
    if (u.from <= window.from) inUse += u.quantity;
    else changes.push({ at: u.from, delta: u.quantity });
    if (u.until < window.until) changes.push({ at: u.until, delta: -u.quantity });
  }
  changes.sort((a, b) => a.at - b.at);
  let least = facts.owned - inUse;
  for (let i = 0; i < changes.length; ) {
    const at = changes[i]?.at as number;
    while (i < changes.length && changes[i]?.at === at) inUse += changes[i++]?.delta as number;
    least = Math.min(least, facts.owned - inUse);
  }
  return least;
}

export type Conflict = {
  orderId: string;
  number: number;
  /** true: a shopper's cart in the online store holds it (orderId is the cart's, number 0). */
  cart?: boolean;
  quantity: number;
  from: number;
  until: number;
};

/** The holdings that overlap the window, grouped by order: who holds the stock. */
export function conflictsDuring(facts: StockFacts, window: Range): Conflict[] {
  const byOrder = new Map<string, Conflict>();
  for (const h of facts.holdings) {
    if (!overlaps(window, h.from, h.until)) continue;
    const seen = byOrder.get(h.orderId);
    if (seen) {
      seen.quantity += h.quantity;
      seen.from = Math.min(seen.from, h.from);
      seen.until = Math.max(seen.until, h.until);
    } else byOrder.set(h.orderId, { ...h });
  }
  return [...byOrder.values()].sort((a, b) => a.from - b.from || a.number - b.number);
}

const NO_FACTS: StockFacts = { owned: 0, downtimes: [], holdings: [] };

export type ItemAvailability = {
  productId: string;
  requested: number;
  /** How many could be booked over the item's reserved range (never below 0). */
  available: number;
  conflicts: Conflict[];
};

/**
 * GET /api/availability for one requested item: how many of it the window can take, the least
 * over what one of it needs (itself, or a bundle's components, its required accessories and
 * its surface components), and which orders hold those products then. Untracked products
 * (services, sale items, a bundle of them) are always available in the quantity asked.
 */
export function itemAvailability(
  item: Demand & { range: Range },
  catalog: Catalog,
  facts: ReadonlyMap<string, StockFacts>,
  surfaceId?: string | null,
): ItemAvailability {
  const perOne = expandLine({ productId: item.productId, quantity: 1 }, catalog, surfaceId);
  let available = Number.POSITIVE_INFINITY;
  const conflicts: Conflict[] = [];
  for (const [productId, need] of perOne) {
    const f = facts.get(productId) ?? NO_FACTS;
    available = Math.min(available, Math.floor(freeDuring(f, item.range) / need));
    conflicts.push(...conflictsDuring(f, item.range));
  }
  if (available === Number.POSITIVE_INFINITY) available = item.quantity;
  return {
    productId: item.productId,
    requested: item.quantity,
    available: Math.max(0, available),
    conflicts: mergeConflicts(conflicts),
  };
}

function mergeConflicts(conflicts: Conflict[]): Conflict[] {
  const byOrder = new Map<string, Conflict>();
  for (const c of conflicts) {
    const seen = byOrder.get(c.orderId);
    if (!seen) byOrder.set(c.orderId, { ...c });
    else {
      seen.quantity = Math.max(seen.quantity, c.quantity);
      seen.from = Math.min(seen.from, c.from);
      seen.until = Math.max(seen.until, c.until);
    }
  }
  return [...byOrder.values()].sort((a, b) => a.from - b.from || a.number - b.number);
}

/** A line being booked: its product, quantity and reserved range. */
export type RequestLine = Demand & { range: Range };

export type Shortage = {
  productId: string;
  /** The most of it the request needs at one time. */
  requested: number;
  /** The least free over the request's ranges, before this request. */
  available: number;
  conflicts: Conflict[];
};

/**
 * §3 write path: whether the request fits. Every line is expanded (bundles, required
 * accessories, surface components) over its own reserved range; for each tracked product the
 * request's uses are added to what is already held, and any moment below zero is a shortage,
 * explained by what the request needs, what was free, and the orders holding it.
 */
export function findShortages(
  lines: readonly RequestLine[],
  catalog: Catalog,
  facts: ReadonlyMap<string, StockFacts>,
  surfaceId?: string | null,
): Shortage[] {
  const uses = new Map<string, Use[]>();
  for (const line of lines) {
    for (const [productId, quantity] of expandLine(line, catalog, surfaceId)) {
      const list = uses.get(productId) ?? [];
      list.push({ quantity, from: line.range.from, until: line.range.until });
      uses.set(productId, list);
    }
  }
  const shortages: Shortage[] = [];
  for (const [productId, requestUses] of uses) {
    const f = facts.get(productId) ?? NO_FACTS;
    let short = false;
    let available = Number.POSITIVE_INFINITY;
    for (const use of requestUses) {
      if (freeDuring(f, use, requestUses) < 0) short = true;
      available = Math.min(available, freeDuring(f, use));
    }
    if (!short) continue;
    const envelope = {
      from: Math.min(...requestUses.map((u) => u.from)),
      until: Math.max(...requestUses.map((u) => u.until)),
    };
    shortages.push({
      productId,
      requested: requestedAtOnce(requestUses),
      available: Math.max(0, available),
      conflicts: conflictsDuring(f, envelope),
    });
  }
  return shortages.sort((a, b) => a.productId.localeCompare(b.productId));
}

/** The most of a product the request's own uses need at one moment. */
function requestedAtOnce(uses: readonly Use[]): number {
  let most = 0;
  for (const u of uses) {
    let at = 0;
    for (const v of uses) if (v.from <= u.from && u.from < v.until) at += v.quantity;
    most = Math.max(most, at);
  }
  return most;
}

/** The free quantity on each of the given days (a product page's month). */
export function freePerDay(facts: StockFacts, days: readonly Range[]): number[] {
  return days.map((day) => freeDuring(facts, day));
}
