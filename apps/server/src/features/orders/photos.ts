import { and, asc, count, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { publish } from '../../realtime/event-hub.js';
import { lockOrder } from './order-lock.js';
import { orderActivity, orderPhotos } from './tables.js';

export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** At most this many photos in one upload, and on one order. */
export const PHOTOS_PER_UPLOAD = 5;
export const PHOTOS_PER_ORDER = 20;
const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']);

const invalid = (message: string) =>
  new AppError('validation_failed', 'Some fields are not valid.', { photos: [message] });

/**
 * §4 customer order page: site photos (the yard, the gate, the slope). Each is re-encoded
 * (resized, turned upright, its EXIF and location dropped) before it is kept; an order keeps at
 * most PHOTOS_PER_ORDER, counted under the order's lock so two uploads cannot pass it together.
 */
export type PhotoKind = 'site' | 'damage';

export async function storeOrderPhotos(
  db: Db,
  accountId: string,
  orderId: string,
  files: File[],
  { kind = 'site', userId = null }: { kind?: PhotoKind; userId?: string | null } = {},
) {
  if (files.length === 0) throw invalid('Choose at least one photo');
  if (files.length > PHOTOS_PER_UPLOAD)
    throw invalid(`At most ${PHOTOS_PER_UPLOAD} photos at a time`);
  const encoded: { full: Buffer; thumbnail: Buffer }[] = [];
  for (const file of files) {
    if (file.type && !PHOTO_TYPES.has(file.type))
      throw invalid('Send photos (JPEG, PNG, WebP or HEIC)');
    if (file.size > PHOTO_MAX_BYTES) throw invalid('Each photo must be at most 10 MB');
    try {
      const image = sharp(Buffer.from(await file.arrayBuffer()), {
        limitInputPixels: 50_000_000,
      }).rotate();
      encoded.push({
        full: await image
          .clone()
          .resize(1600, 1600, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer(),
        thumbnail: await image
          .clone()
          .resize(320, 320, { fit: 'cover' })
          .webp({ quality: 72 })
          .toBuffer(),
      });
    } catch {
      throw invalid('One of the files is not a photo we can read');
    }
  }
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockOrder(tx, accountId, orderId);
    const [kept] = await tx
      .select({ n: count() })
      .from(orderPhotos)
      .where(
        and(
          eq(orderPhotos.accountId, accountId),
          eq(orderPhotos.orderId, orderId),
          eq(orderPhotos.kind, kind),
        ),
      );
    if ((kept?.n ?? 0) + encoded.length > PHOTOS_PER_ORDER)
      throw invalid(`An order keeps at most ${PHOTOS_PER_ORDER} photos`);
    await tx
      .insert(orderPhotos)
      .values(encoded.map((e) => ({ accountId, orderId, contentType: 'image/webp', kind, ...e })));
    await tx.insert(orderActivity).values({
      accountId,
      orderId,
      userId,
      action: 'photos_added',
      detail: { count: encoded.length, kind },
    });
  });
  await publish(db, accountId, { type: 'order.updated', orderId });
}

/** An order's photos (of one kind, or all), oldest first; the images are read one by one. */
export async function listOrderPhotos(
  db: Db,
  accountId: string,
  orderId: string,
  kind?: PhotoKind,
) {
  const rows = await db
    .select({ id: orderPhotos.id, kind: orderPhotos.kind, createdAt: orderPhotos.createdAt })
    .from(orderPhotos)
    .where(
      and(
        eq(orderPhotos.accountId, accountId),
        eq(orderPhotos.orderId, orderId),
        kind ? eq(orderPhotos.kind, kind) : undefined,
      ),
    )
    .orderBy(asc(orderPhotos.createdAt), asc(orderPhotos.id));
  return rows.map((r) => ({ id: r.id, kind: r.kind, createdAt: r.createdAt.toISOString() }));
}

/** One photo of the order, in `size`; null when it is not this order's. */
export async function readOrderPhoto(
  db: Db,
  accountId: string,
  orderId: string | null,
  photoId: string,
  size: 'full' | 'thumbnail',
  kind?: PhotoKind,
) {
  const [row] = await db
    .select({
      contentType: orderPhotos.contentType,
      bytes: size === 'full' ? orderPhotos.full : orderPhotos.thumbnail,
    })
    .from(orderPhotos)
    .where(
      and(
        eq(orderPhotos.accountId, accountId),
        eq(orderPhotos.id, photoId),
        orderId ? eq(orderPhotos.orderId, orderId) : undefined,
        kind ? eq(orderPhotos.kind, kind) : undefined,
      ),
    );
  return row ?? null;
}

/** The site photos of some orders (decision 0052: the crew sees them), by order, oldest first. */
export async function sitePhotoIds(
  db: Db,
  accountId: string,
  orderIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byOrder = new Map<string, string[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ id: orderPhotos.id, orderId: orderPhotos.orderId })
    .from(orderPhotos)
    .where(
      and(
        eq(orderPhotos.accountId, accountId),
        eq(orderPhotos.kind, 'site'),
        inArray(orderPhotos.orderId, [...orderIds]),
      ),
    )
    .orderBy(asc(orderPhotos.createdAt), asc(orderPhotos.id));
  for (const r of rows) byOrder.set(r.orderId, [...(byOrder.get(r.orderId) ?? []), r.id]);
  return byOrder;
}

/** A site photo with the order it is of, in `size`; null when it is not the account's. */
export async function readSitePhoto(
  db: Db,
  accountId: string,
  photoId: string,
  size: 'full' | 'thumbnail',
) {
  const [row] = await db
    .select({
      orderId: orderPhotos.orderId,
      contentType: orderPhotos.contentType,
      bytes: size === 'full' ? orderPhotos.full : orderPhotos.thumbnail,
    })
    .from(orderPhotos)
    .where(
      and(
        eq(orderPhotos.accountId, accountId),
        eq(orderPhotos.id, photoId),
        eq(orderPhotos.kind, 'site'),
      ),
    );
  return row ?? null;
}
