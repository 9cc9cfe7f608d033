import {
  expandLine,
  findShortages,
  type LineTimes,
  type Range,
  reservedRange,
  type Shortage,
  tracksStock,
} from '@tentpole/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import { lockStock, productNamesOf } from '../inventory/queries.js';
import { recordTurnedAway } from './queries.js';
import { orderLines, orders } from './tables.js';

/** §3: the 409 of a holding write that does not fit, with every short product explained. */
export class UnavailableError extends AppError {
  constructor(readonly shortages: ShortageBody[]) {
    super('unavailable', 'Not enough stock for these dates.', undefined, { shortages });
  }
  override get status(): number {
    return 409;
  }
}

type ShortageBody = Omit<Shortage, 'conflicts'> & {
  conflicts: { orderId: string; number: number; quantity: number; from: string; until: string }[];
};

const shortageBody = (s: Shortage): ShortageBody => ({
  ...s,
  conflicts: s.conflicts.map((c) => ({
    ...c,
    from: new Date(c.from).toISOString(),
    until: new Date(c.until).toISOString(),
  })),
});

export type BookedLine = {
  productId: string;
  quantity: number;
  description: string;
  unitPriceCents: number;
};

export type HoldingWrite = {
  times: LineTimes;
  lines: readonly BookedLine[];
  surfaceId?: string | null;
  /** The status the order moves to (a holding one); unchanged when absent. */
  status?: 'hold' | 'reserved' | 'confirmed' | 'out';
  holdExpiresAt?: Date | null;
  /** `order.override`: book despite a shortage (the reason is the order's to record). */
  override?: boolean;
  /** false: a draft or quote's lines, which hold nothing, are written without the check. */
  check?: boolean;
  /** Runs in the transaction after the stock check, before the status is written. */
  claim?: (tx: Db) => Promise<void>;
  /** A store cart whose hold this write takes over (§10): not counted against it. */
  excludeCartId?: string;
};

/**
 * §3's write path, the one way stock gets held: in one transaction, lock the order, lock the
 * products its lines reach (in id order), re-read what holds them, and either replace the
 * order's product lines (each with its reserved range, and the component lines its bundles,
 * required accessories and surface bring) or answer 409 with the shortages. Returns the
 * shortages booked anyway under an override.
 */
export async function writeHoldingLines(
  db: Db,
  accountId: string,
  orderId: string,
  write: HoldingWrite,
  now: Date,
): Promise<{ shortages: ShortageBody[] }> {
  try {
    return await writeInTransaction(db, accountId, orderId, write, now);
  } catch (error) {
    // §11: a refusal is a booking turned away; recorded after the rollback, one row per product.
    if (error instanceof UnavailableError)
      await recordTurnedAway(db, accountId, 'editor', error.shortages, now);
    throw error;
  }
}

function writeInTransaction(
  db: Db,
  accountId: string,
  orderId: string,
  write: HoldingWrite,
  now: Date,
): Promise<{ shortages: ShortageBody[] }> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.accountId, accountId), eq(orders.id, orderId)))
      .for('update');
    if (!order) throw notFound('Order');

    const rangeOf = (buffers: Parameters<typeof reservedRange>[1]): Range =>
      reservedRange(write.times, buffers);
    const { catalog, facts } = await lockStock(
      tx,
      accountId,
      write.lines.map((l) => l.productId),
      (products) => {
        const ranges = write.lines.map((l) => {
          const p = products.get(l.productId);
          return p ? rangeOf(p) : { from: write.times.eventStart, until: write.times.eventEnd };
        });
        return {
          from: Math.min(...ranges.map((r) => r.from)),
          until: Math.max(...ranges.map((r) => r.until)),
        };
      },
      { excludeOrderId: orderId, excludeCartId: write.excludeCartId, now },
    );
    const unknown = write.lines.filter((l) => !catalog.has(l.productId));
    if (unknown.length > 0)
      throw new AppError('validation_failed', 'Some fields are not valid.', {
        lines: unknown.map((l) => `Unknown product ${l.productId}`),
      });

    const request = write.lines.map((l) => ({
      productId: l.productId,
      quantity: l.quantity,
      range: rangeOf(catalog.get(l.productId) as Parameters<typeof reservedRange>[1]),
    }));
    const shortages =
      write.check === false
        ? []
        : findShortages(request, catalog, facts, write.surfaceId).map(shortageBody);
    if (shortages.length > 0 && !write.override) throw new UnavailableError(shortages);
    if (write.claim) await write.claim(tx);

    await tx
      .delete(orderLines)
      .where(
        and(eq(orderLines.orderId, orderId), inArray(orderLines.kind, ['product', 'component'])),
      );
    for (const [i, line] of write.lines.entries()) {
      const range = request[i]?.range as Range;
      const reserved = { reservedFrom: new Date(range.from), reservedUntil: new Date(range.until) };
      const [parent] = await tx
        .insert(orderLines)
        .values({ accountId, orderId, kind: 'product', ...line, ...reserved })
        .returning({ id: orderLines.id });
      const product = catalog.get(line.productId);
      const brings = expandLine(line, catalog, write.surfaceId);
      if (product && tracksStock(product)) brings.delete(line.productId);
      const names = await productNamesOf(tx, accountId, [...brings.keys()]);
      const components = [...brings].map(([productId, quantity]) => ({
        accountId,
        orderId,
        kind: 'component' as const,
        parentLineId: parent?.id,
        productId,
        quantity,
        description: names.get(productId) ?? 'Component',
        unitPriceCents: 0,
        ...reserved,
      }));
      if (components.length > 0) await tx.insert(orderLines).values(components);
    }
    if (write.status)
      await tx
        .update(orders)
        .set({
          status: write.status,
          holdExpiresAt: write.status === 'hold' ? (write.holdExpiresAt ?? null) : null,
        })
        .where(eq(orders.id, orderId));
    return { shortages };
  });
}

/** Releases what an order holds: it moves to a status that holds nothing. */
export async function releaseOrder(
  db: Db,
  accountId: string,
  orderId: string,
  status: 'quote' | 'draft' | 'returned' | 'completed' | 'cancelled',
) {
  const rows = await db
    .update(orders)
    .set({ status, holdExpiresAt: null })
    .where(and(eq(orders.accountId, accountId), eq(orders.id, orderId)))
    .returning({ id: orders.id });
  if (rows.length === 0) throw notFound('Order');
}
