import { randomBytes } from 'node:crypto';
import {
  automaticTransition,
  formatMoney,
  isSignableOrderStatus,
  orderStatusLabel,
} from '@tentpole/domain';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import { publish } from '../../realtime/event-hub.js';
import {
  accountDocumentSettings,
  accountMoneyFormat,
  accountTimezone,
} from '../accounts/queries.js';
import { createDocument } from './documents.js';
import { listOrderPhotos, PHOTOS_PER_ORDER } from './photos.js';
import {
  byToken,
  customerCardOnFile,
  findOrder,
  lockOrder,
  orderPaidTotals,
  termsOf,
} from './queries.js';
import { type Actor, transitionOrder } from './service.js';
import { documentSignatures, documents, orderActivity, orderLinks, orders } from './tables.js';

export { byToken };

/**
 * The customer's link to their order; one live link per order, made on first ask. A customer
 * reads what they sign: the first link comes with the rental agreement rendered.
 */
export async function orderLink(
  db: Db,
  accountId: string,
  orderId: string,
  appUrl: string,
  now: Date,
) {
  const [live] = await db
    .select({ token: orderLinks.token })
    .from(orderLinks)
    .where(
      and(
        eq(orderLinks.accountId, accountId),
        eq(orderLinks.orderId, orderId),
        isNull(orderLinks.revokedAt),
      ),
    )
    .limit(1);
  const token = live?.token ?? randomBytes(24).toString('base64url');
  if (!live) {
    await db.insert(orderLinks).values({ accountId, orderId, token });
    const docs = await latestDocuments(db, accountId, orderId);
    if (!docs.some((d) => d.kind === 'contract'))
      await createDocument(db, accountId, orderId, 'contract', now);
  }
  return { url: `${appUrl.replace(/\/$/, '')}/o/${token}` };
}

/** Revokes every live link of the order: opening one answers 404 from now on. */
export async function revokeOrderLinks(db: Db, accountId: string, orderId: string, now: Date) {
  await db
    .update(orderLinks)
    .set({ revokedAt: now })
    .where(
      and(
        eq(orderLinks.accountId, accountId),
        eq(orderLinks.orderId, orderId),
        isNull(orderLinks.revokedAt),
      ),
    );
}

/** The order a customer's link opens, or null (unknown or revoked token). */

/** The latest revision of each kind of the order's documents, with their signatures. */
async function latestDocuments(db: Db, accountId: string, orderId: string) {
  const rows = await db
    .select({
      id: documents.id,
      kind: documents.kind,
      title: documents.title,
      revision: documents.revision,
      sha256: documents.sha256,
      hasPdf: sql<boolean>`${documents.pdf} is not null`,
      signedBy: documentSignatures.signerName,
      signedAt: documentSignatures.signedAt,
    })
    .from(documents)
    .leftJoin(documentSignatures, eq(documentSignatures.documentId, documents.id))
    .where(and(eq(documents.accountId, accountId), eq(documents.orderId, orderId)))
    .orderBy(desc(documents.revision));
  const latest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (row.hasPdf && !latest.has(row.kind)) latest.set(row.kind, row);
  return [...latest.values()];
}

/**
 * What the customer's page shows: their order as they see it. Built field by field from what
 * a customer may see (no internal notes, components, staff or other orders), never the row.
 */
export async function customerView(db: Db, token: string, now: Date = new Date()) {
  const link = await byToken(db, token);
  if (!link) return null;
  const order = await findOrder(db, link.accountId, link.orderId);
  if (!order) return null;
  const [settings, { currency, locale }, timeZone, docs] = await Promise.all([
    accountDocumentSettings(db, link.accountId),
    accountMoneyFormat(db, link.accountId),
    accountTimezone(db, link.accountId),
    latestDocuments(db, link.accountId, link.orderId),
  ]);
  // A link made by an automated message comes without the agreement: it is rendered now.
  if (!docs.some((d) => d.kind === 'contract')) {
    await createDocument(db, link.accountId, link.orderId, 'contract', new Date());
    docs.splice(0, docs.length, ...(await latestDocuments(db, link.accountId, link.orderId)));
  }
  const photos = (await listOrderPhotos(db, link.accountId, link.orderId, 'site')).map(
    ({ id, createdAt }) => ({ id, createdAt }),
  );
  const cards = await customerCardOnFile(db, link.accountId, order.customer.id);
  const contract = docs.find((d) => d.kind === 'contract');
  const hold = await holdOf(db, link.accountId, order, now);
  return {
    business: settings.name,
    currency,
    timeZone,
    /** The account's locale: the page writes dates and amounts its way (§2). */
    locale,
    number: order.number,
    // A hold past its expiry is a quote already (§4), though the sweep may not have run yet.
    status: orderStatusLabel(hold?.state === 'ended' ? 'quote' : order.status),
    /** Issue 24 item 2: the hold for the caller, counting down, or that it ended; else null. */
    hold,
    /** The business's own phone number, as on its documents (to call about an ended hold). */
    businessPhone: settings.business.phone || null,
    customerName: order.customer.name,
    eventStart: order.eventStart,
    eventEnd: order.eventEnd,
    fulfilment: order.fulfilment,
    address: order.address,
    customerNote: order.notes.customer,
    lines: order.lines
      .filter((l) => l.kind !== 'component')
      .map((l) => ({ description: l.description, quantity: l.quantity, amount: l.amount })),
    totals: order.totals,
    documents: docs.map((d) => ({
      id: d.id,
      title: d.title,
      signedBy: d.signedBy,
      signedAt: d.signedAt?.toISOString() ?? null,
    })),
    photos,
    canAddPhotos:
      photos.length < PHOTOS_PER_ORDER && !['completed', 'cancelled'].includes(order.status),
    /** §4: what changed since they signed, for their approval (the difference only). */
    changes: order.changesSinceSigned,
    canSign: !contract?.signedBy && isSignableOrderStatus(order.status),
    /** §6: card payments once the order is booked (signed or reserved), while money is due. */
    canPay:
      order.totals.balance > 0 && !['draft', 'quote', 'hold', 'cancelled'].includes(order.status),
    /** §6: a saved card (brand and last four), offered when the account charges cards itself. */
    cardOnFile: cards.card,
    offerCardOnFile:
      (cards.autopay || (cards.holds && order.totals.securityDeposit > 0)) &&
      !['draft', 'quote', 'hold', 'cancelled', 'completed'].includes(order.status),
    autopayDays: cards.autopay ? cards.autopayDays : null,
    /** The booking deposit still owed (0 once paid). */
    depositOwed: Math.max(
      0,
      Math.min(
        order.totals.balance,
        order.totals.depositDue - (order.totals.paid - order.totals.refunded),
      ),
    ),
    money: (cents: number) => formatMoney(cents, currency, locale),
  };
}
/**
 * Issue 24 item 2: a hold still running (when it ends and how long is left at `now`), or one
 * that has ended: past its expiry before the sweep ran, or moved back to quote since (the
 * order's latest status move is hold → quote, by the sweep or by staff releasing it).
 */
async function holdOf(
  db: Db,
  accountId: string,
  order: { id: string; status: string; holdExpiresAt: string | null },
  now: Date,
): Promise<{ state: 'active'; expiresAt: string; msLeft: number } | { state: 'ended' } | null> {
  if (order.status === 'hold') {
    if (!order.holdExpiresAt) return null;
    const msLeft = Date.parse(order.holdExpiresAt) - now.getTime();
    // An expiry at exactly `now` has passed, as automaticTransition says.
    return msLeft > 0
      ? { state: 'active', expiresAt: order.holdExpiresAt, msLeft }
      : { state: 'ended' };
  }
  if (order.status !== 'quote') return null;
  const [last] = await db
    .select({ detail: orderActivity.detail })
    .from(orderActivity)
    .where(
      and(
        eq(orderActivity.accountId, accountId),
        eq(orderActivity.orderId, order.id),
        eq(orderActivity.action, 'status'),
      ),
    )
    .orderBy(desc(orderActivity.createdAt))
    .limit(1);
  return last?.detail.from === 'hold' && last.detail.to === 'quote' ? { state: 'ended' } : null;
}

export type CustomerView = NonNullable<Awaited<ReturnType<typeof customerView>>>;

export async function customerDocument(db: Db, token: string, documentId: string) {
  const link = await byToken(db, token);
  if (!link) return null;
  const [row] = await db
    .select({ pdf: documents.pdf, title: documents.title, signed: documentSignatures.signedPdf })
    .from(documents)
    .leftJoin(documentSignatures, eq(documentSignatures.documentId, documents.id))
    .where(
      and(
        eq(documents.accountId, link.accountId),
        eq(documents.orderId, link.orderId),
        eq(documents.id, documentId),
      ),
    );
  const pdf = row?.signed ?? row?.pdf;
  return pdf && row ? { pdf, title: row.title } : null;
}

const CUSTOMER: Actor = { userId: null, roles: [], can: () => false };

/** A PNG drawn on the page, as a data URL, at most 300 kB. */
function drawnPng(dataUrl: string | null): Uint8Array | null {
  if (!dataUrl) return null;
  const match = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  if (!match || (match[1]?.length ?? 0) > 400_000) return null;
  return new Uint8Array(Buffer.from(match[1] as string, 'base64'));
}

/**
 * §4: the customer accepts and signs. The contract's latest revision (made now if staff have
 * not) is what is signed: its SHA-256, the signer's typed name, the time, IP address and user
 * agent are recorded on a signature page added to a copy of the PDF. An order not yet booked
 * is reserved through the availability write path (409 when its items are no longer free,
 * and then nothing is signed); one signed with its deposit paid is confirmed.
 */
export async function signOrder(
  db: Db,
  token: string,
  input: { name: string; drawing: string | null },
  client: { ip: string; userAgent: string },
  now: Date,
) {
  const link = await byToken(db, token);
  if (!link) throw notFound('Order');
  const { accountId, orderId } = link;
  const order = await findOrder(db, accountId, orderId);
  if (!order) throw notFound('Order');
  let contract = (await latestDocuments(db, accountId, orderId)).find((d) => d.kind === 'contract');
  if (contract?.signedBy) throw new AppError('conflict', 'This agreement is already signed.');
  if (!contract) {
    await createDocument(db, accountId, orderId, 'contract', now);
    contract = (await latestDocuments(db, accountId, orderId)).find((d) => d.kind === 'contract');
  }
  if (!contract) throw new AppError('internal', 'The agreement could not be prepared.');
  if (['draft', 'quote', 'hold'].includes(order.status))
    await transitionOrder(db, accountId, orderId, { to: 'reserved' }, CUSTOMER, now);

  const [source] = await db
    .select({ pdf: documents.pdf, sha256: documents.sha256 })
    .from(documents)
    .where(eq(documents.id, contract.id));
  const signed = await PDFDocument.load(new Uint8Array(source?.pdf as Buffer));
  const page = signed.addPage();
  const font = await signed.embedFont(StandardFonts.Helvetica);
  const ascii = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');
  const lines = [
    'Signature record',
    '',
    `Document: ${ascii(contract.title)}`,
    `Document SHA-256: ${source?.sha256}`,
    `Signed by: ${ascii(input.name)}`,
    `Signed at: ${now.toISOString()}`,
    `IP address: ${ascii(client.ip)}`,
    `User agent: ${ascii(client.userAgent).slice(0, 110)}`,
    `Signature: ${input.drawing ? 'drawn (below) and typed' : 'typed'}`,
  ];
  for (const [i, line] of lines.entries())
    page.drawText(line, {
      x: 54,
      y: page.getHeight() - 72 - i * 18,
      size: i === 0 ? 16 : 10,
      font,
    });
  const png = drawnPng(input.drawing);
  if (png) {
    const image = await signed.embedPng(png).catch(() => null);
    if (image) {
      const scaled = image.scaleToFit(300, 120);
      page.drawImage(image, {
        x: 54,
        y: page.getHeight() - 72 - lines.length * 18 - scaled.height - 12,
        ...scaled,
      });
    }
  }
  const signedPdf = Buffer.from(await signed.save());
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockOrder(tx, accountId, orderId);
    await tx.insert(documentSignatures).values({
      accountId,
      documentId: contract.id,
      orderId,
      signerName: input.name,
      signedAt: now,
      ip: client.ip,
      userAgent: client.userAgent.slice(0, 500),
      documentSha256: source?.sha256 ?? '',
      drawn: png !== null,
      signedPdf,
    });
    await tx.update(documents).set({ status: 'signed' }).where(eq(documents.id, contract.id));
    // The order's activity and the customer's conversation show the signature (issue 24 item 3).
    await tx.insert(orderActivity).values({
      accountId,
      orderId,
      userId: null,
      action: 'contract_signed',
      detail: { name: input.name, documentId: contract.id },
    });
    // What they signed: a later change shows them the difference to approve (§4).
    const signedOrder = await findOrder(tx, accountId, orderId);
    if (signedOrder)
      await tx
        .update(orders)
        .set({ signedTerms: termsOf(signedOrder), changesPendingSince: null })
        .where(eq(orders.id, orderId));
  });
  await publish(db, accountId, { type: 'order.updated', orderId });
  // Signed and the deposit paid: confirmed (§4), as the state machine says.
  const now2 = await findOrder(db, accountId, orderId);
  const paid = await orderPaidTotals(db, accountId, orderId);
  if (now2) {
    const next = automaticTransition(now2.status, {
      signed: true,
      depositPaid: paid.paid - paid.refunded >= now2.totals.depositDue,
      balance: now2.totals.balance,
      securityDepositSettled: paid.depositPaid === paid.depositRefunded,
      canOverride: false,
      canCancel: false,
      holdExpiresAt: now2.holdExpiresAt ? Date.parse(now2.holdExpiresAt) : null,
      now: now.getTime(),
    });
    if (next === 'confirmed')
      await db
        .update(orders)
        .set({ status: 'confirmed', updatedAt: now })
        .where(eq(orders.id, orderId));
  }
}

/**
 * §4: the customer approves the changes made after they signed (they saw the difference only).
 * What they approve becomes what they signed; their name, the time, IP address and user agent
 * go on the activity log. Approving what is no longer pending changes nothing.
 */
export async function approveChanges(
  db: Db,
  token: string,
  input: { name: string },
  client: { ip: string; userAgent: string },
  now: Date,
) {
  const link = await byToken(db, token);
  if (!link) throw notFound('Order');
  const { accountId, orderId } = link;
  const approved = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockOrder(tx, accountId, orderId);
    const order = await findOrder(tx, accountId, orderId);
    if (!order) throw notFound('Order');
    if (order.changesSinceSigned.length === 0) return null;
    await tx
      .update(orders)
      .set({ signedTerms: termsOf(order), changesPendingSince: null, updatedAt: now })
      .where(eq(orders.id, orderId));
    await tx.insert(orderActivity).values({
      accountId,
      orderId,
      userId: null,
      action: 'changes_approved',
      detail: {
        name: input.name,
        ip: client.ip,
        userAgent: client.userAgent.slice(0, 500),
        changes: order.changesSinceSigned,
      },
    });
    return order.changesSinceSigned;
  });
  if (approved) await publish(db, accountId, { type: 'order.updated', orderId });
  return approved;
}
