import type {
  BoardStopStatus,
  PROBLEM_REASONS,
  StopAction,
  StopEvent,
  StopEventParsed,
} from '@tentpole/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { users } from '../../auth/tables.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { publish } from '../../realtime/event-hub.js';
import { stopEvents, stopFiles } from './tables.js';

/**
 * back-office spec §7.4 (decision 0043): the crew's stop events. One row per action, keyed by
 * the id the phone made, so a queued action sent twice is recorded once.
 */

export const STOP_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const SIGNATURE_MAX_BYTES = 512 * 1024;
const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']);

type TextOutcome = 'sent' | 'opted_out' | 'no_number' | 'not_sent';
type EventDetail = {
  note?: string;
  reason?: (typeof PROBLEM_REASONS)[number];
  printedName?: string;
  counts?: { returned: number; damaged: number; missing: number };
  text?: TextOutcome;
  /** picked_up: units sent to maintenance (decision 0048). */
  maintenance?: number;
  photoId?: string;
  signatureId?: string;
};

const invalid = (field: string, message: string) =>
  new AppError('validation_failed', 'Some fields are not valid.', { [field]: [message] });

export type EncodedFiles = { photo: Buffer | null; signature: Buffer | null };

/**
 * The delivery's photo re-encoded as the orders' site photos are (turned upright, at most
 * 1600 px, WebP, EXIF and location dropped) and the signature as a PNG; a file that is not an
 * image is a 400 on its field.
 */
export async function encodeStopFiles(
  photo: File | null,
  signature: File | null,
): Promise<EncodedFiles> {
  let photoBytes: Buffer | null = null;
  let signatureBytes: Buffer | null = null;
  if (photo) {
    if (photo.type && !PHOTO_TYPES.has(photo.type))
      throw invalid('photo', 'Send a photo (JPEG, PNG, WebP or HEIC)');
    if (photo.size > STOP_PHOTO_MAX_BYTES)
      throw invalid('photo', 'The photo must be at most 10 MB');
    try {
      photoBytes = await sharp(Buffer.from(await photo.arrayBuffer()), {
        limitInputPixels: 50_000_000,
      })
        .rotate()
        .resize(1600, 1600, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
    } catch {
      throw invalid('photo', 'The file is not a photo we can read');
    }
  }
  if (signature) {
    if (signature.size > SIGNATURE_MAX_BYTES)
      throw invalid('signature', 'The signature must be at most 512 kB');
    try {
      signatureBytes = await sharp(Buffer.from(await signature.arrayBuffer()), {
        limitInputPixels: 4_000_000,
      })
        .png()
        .toBuffer();
    } catch {
      throw invalid('signature', 'The signature is not an image we can read');
    }
  }
  return { photo: photoBytes, signature: signatureBytes };
}

const eventFields = {
  id: stopEvents.id,
  orderId: stopEvents.orderId,
  stopKind: stopEvents.stopKind,
  vehicleId: stopEvents.vehicleId,
  action: stopEvents.action,
  detail: stopEvents.detail,
  occurredAt: stopEvents.occurredAt,
  byName: users.name,
};
/** A stop event as read from its table (or with the day's records, `dayRecords`). */
export type StopEventRow = {
  id: string;
  orderId: string | null;
  stopKind: 'delivery' | 'pickup' | null;
  vehicleId: string;
  action: StopAction;
  detail: Record<string, unknown>;
  occurredAt: Date;
  byName: string | null;
};

const fileUrl = (id: string | undefined) => (id ? `/api/delivery/stop-files/${id}` : null);

export function toStopEvent(row: StopEventRow): StopEvent {
  const d = row.detail as EventDetail;
  return {
    id: row.id,
    stopId: row.orderId && row.stopKind ? `${row.orderId}:${row.stopKind}` : null,
    action: row.action,
    occurredAt: row.occurredAt.toISOString(),
    byName: row.byName,
    note: d.note ?? null,
    reason: d.reason ?? null,
    printedName: d.printedName ?? null,
    counts: d.counts ?? null,
    maintenance: d.maintenance ?? null,
    text: d.text ?? null,
    photoUrl: fileUrl(d.photoId),
    signatureUrl: fileUrl(d.signatureId),
  };
}

/** The day's events, oldest first, with the route (vehicle) each was recorded on. */
export async function eventsOfDay(
  db: Db,
  accountId: string,
  day: string,
  vehicleIds?: string[],
): Promise<(StopEvent & { vehicleId: string })[]> {
  if (vehicleIds && vehicleIds.length === 0) return [];
  const rows = await db
    .select(eventFields)
    .from(stopEvents)
    .leftJoin(users, eq(users.id, stopEvents.userId))
    .where(
      and(
        eq(stopEvents.accountId, accountId),
        eq(stopEvents.day, day),
        vehicleIds ? inArray(stopEvents.vehicleId, vehicleIds) : undefined,
      ),
    )
    .orderBy(asc(stopEvents.occurredAt), asc(stopEvents.createdAt));
  return rows.map((r) => ({ ...toStopEvent(r as StopEventRow), vehicleId: r.vehicleId }));
}

/** Each stop's status on the board: its latest event (stops with none are scheduled). */
export function boardStatuses(events: StopEvent[]): BoardStopStatus[] {
  const latest = new Map<string, StopEvent>();
  for (const e of events) if (e.stopId && e.action !== 'start_route') latest.set(e.stopId, e);
  return [...latest.values()].map((event) => ({
    stopId: event.stopId as string,
    status: event.action as BoardStopStatus['status'],
    at: event.occurredAt,
    event,
  }));
}

/** When the route was started (its first start_route), per vehicle. */
export function startsOf(events: (StopEvent & { vehicleId: string })[]): Map<string, string> {
  const starts = new Map<string, string>();
  for (const e of events)
    if (e.action === 'start_route' && !starts.has(e.vehicleId))
      starts.set(e.vehicleId, e.occurredAt);
  return starts;
}

export type RecordContext = {
  accountId: string;
  userId: string;
  /** Runs inside the event's transaction when the event is new (the customer's text). */
  sideEffect?: (tx: Db) => Promise<TextOutcome | null>;
  /**
   * Runs inside the event's transaction when the event is new: a pickup's damaged and missing
   * units go to maintenance (decision 0048), exactly once with the event.
   */
  maintenance?: (tx: Db) => Promise<number>;
};

/**
 * Records one event, its files and its side effect in one transaction; an id recorded before
 * answers the first record and does nothing again (two sends racing: the second waits on the
 * key, then finds it).
 */
export async function recordStopEvent(
  db: Db,
  event: StopEventParsed,
  files: EncodedFiles,
  { accountId, userId, sideEffect, maintenance }: RecordContext,
): Promise<{ event: StopEvent; duplicate: boolean }> {
  const cut = event.stopId ? event.stopId.lastIndexOf(':') : -1;
  const orderId = event.stopId && cut > 0 ? event.stopId.slice(0, cut) : null;
  const stopKind =
    event.stopId && cut > 0 ? (event.stopId.slice(cut + 1) as 'delivery' | 'pickup') : null;
  const detail: EventDetail = {
    ...(event.note ? { note: event.note } : {}),
    ...(event.action === 'problem' && event.reason ? { reason: event.reason } : {}),
    ...(event.action === 'delivered' && event.printedName
      ? { printedName: event.printedName }
      : {}),
    ...(event.action === 'picked_up' && event.counts ? { counts: event.counts } : {}),
  };
  const inserted = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await tx
      .insert(stopEvents)
      .values({
        accountId,
        id: event.id,
        day: event.date,
        vehicleId: event.vehicleId,
        orderId,
        stopKind,
        action: event.action,
        userId,
        detail,
        occurredAt: new Date(event.occurredAt),
      })
      .onConflictDoNothing()
      .returning({ id: stopEvents.id });
    if (!row) return false;
    const extra: EventDetail = {};
    for (const [kind, bytes] of [
      ['photo', files.photo],
      ['signature', files.signature],
    ] as const) {
      // A delivery's photo and signature; a pickup's photo (the damage, what was left).
      if (!bytes) continue;
      if (event.action !== 'delivered' && !(kind === 'photo' && event.action === 'picked_up'))
        continue;
      const [file] = await tx
        .insert(stopFiles)
        .values({
          accountId,
          eventId: event.id,
          kind,
          contentType: kind === 'photo' ? 'image/webp' : 'image/png',
          full: bytes,
        })
        .returning({ id: stopFiles.id });
      if (file) extra[kind === 'photo' ? 'photoId' : 'signatureId'] = file.id;
    }
    const text = sideEffect ? await sideEffect(tx) : null;
    if (text) extra.text = text;
    const units = maintenance ? await maintenance(tx) : 0;
    if (units > 0) extra.maintenance = units;
    if (Object.keys(extra).length > 0)
      await tx
        .update(stopEvents)
        .set({ detail: { ...detail, ...extra } })
        .where(and(eq(stopEvents.accountId, accountId), eq(stopEvents.id, event.id)));
    await publish(tx, accountId, { type: 'delivery.updated', date: event.date });
    return true;
  });
  const [stored] = await db
    .select(eventFields)
    .from(stopEvents)
    .leftJoin(users, eq(users.id, stopEvents.userId))
    .where(and(eq(stopEvents.accountId, accountId), eq(stopEvents.id, event.id)));
  if (!stored) throw new Error('stop event was not stored');
  return { event: toStopEvent(stored as StopEventRow), duplicate: !inserted };
}

/** One id already used on another stop or route by this account is a conflict, not a replay. */
export async function sameEventOrNone(
  db: Db,
  accountId: string,
  event: StopEventParsed,
): Promise<void> {
  const [row] = await db
    .select({ vehicleId: stopEvents.vehicleId, action: stopEvents.action })
    .from(stopEvents)
    .where(and(eq(stopEvents.accountId, accountId), eq(stopEvents.id, event.id)));
  if (row && (row.vehicleId !== event.vehicleId || row.action !== event.action))
    throw new AppError('conflict', 'This action id was used for another action.');
}

/** A proof-of-delivery file, with the day and route of its event (to scope a driver). */
export async function readStopFile(db: Db, accountId: string, fileId: string) {
  const [row] = await db
    .select({
      contentType: stopFiles.contentType,
      bytes: stopFiles.full,
      day: stopEvents.day,
      vehicleId: stopEvents.vehicleId,
    })
    .from(stopFiles)
    .innerJoin(
      stopEvents,
      and(eq(stopEvents.accountId, stopFiles.accountId), eq(stopEvents.id, stopFiles.eventId)),
    )
    .where(and(eq(stopFiles.accountId, accountId), eq(stopFiles.id, fileId)));
  return row ?? null;
}
