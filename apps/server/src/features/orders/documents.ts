import { createHash } from 'node:crypto';
import type { OrderDocumentKind } from '@tentpole/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client.js';
import { notFound } from '../../http/app-error.js';
import { publish } from '../../realtime/event-hub.js';
import {
  accountDocumentSettings,
  accountLogoImage,
  accountMoneyFormat,
  accountTimezone,
} from '../accounts/queries.js';
import { findCustomer } from '../customers/queries.js';
import { documentTitle, renderOrderPdf } from './pdf.js';
import { findOrder, lockOrder } from './queries.js';
import { documents } from './tables.js';

/** Until an account writes its own terms (Settings › Documents). */
export const DEFAULT_TERMS =
  'The customer rents the items listed for the event above and returns them in the condition ' +
  'received. The customer provides a safe, level setup area clear of sprinklers, sharp objects ' +
  'and overhead lines, and supervises every user at all times. Inflatables are not used in winds ' +
  'above 15 mph, in rain or lightning. The refundable security deposit covers cleaning, damage ' +
  'and missing items and is returned, less any such costs, after the items come back. ' +
  'Cancellations more than 7 days before the event get the booking deposit back; later ones keep ' +
  'it as store credit for a year.';

const documentFields = {
  id: documents.id,
  kind: documents.kind,
  title: documents.title,
  status: documents.status,
  revision: documents.revision,
  sha256: documents.sha256,
  hasPdf: sql<boolean>`${documents.pdf} is not null`,
  createdAt: documents.createdAt,
};

type DocumentRow = {
  id: string;
  kind: string;
  title: string;
  status: string;
  revision: number;
  sha256: string | null;
  hasPdf: boolean;
  createdAt: Date;
};
const documentBody = ({ hasPdf, createdAt, ...row }: DocumentRow) => ({
  ...row,
  pdfUrl: hasPdf ? `/api/documents/${row.id}/pdf` : null,
  createdAt: createdAt.toISOString(),
});

export async function orderDocuments(db: Db, accountId: string, orderId: string) {
  const rows = await db
    .select(documentFields)
    .from(documents)
    .where(and(eq(documents.accountId, accountId), eq(documents.orderId, orderId)))
    .orderBy(desc(documents.createdAt), desc(documents.revision));
  return rows.map(documentBody);
}

/**
 * §4: renders the document from the order as it is now and keeps it as the next revision of
 * its kind: a document once made is never regenerated in place. The order's lock numbers the
 * revisions one after another.
 */
export async function createDocument(
  db: Db,
  accountId: string,
  orderId: string,
  kind: OrderDocumentKind,
  now: Date,
) {
  const order = await findOrder(db, accountId, orderId);
  if (!order) throw notFound('Order');
  const [customer, settings, { currency, locale }, timeZone, logo] = await Promise.all([
    findCustomer(db, accountId, order.customer.id),
    accountDocumentSettings(db, accountId),
    accountMoneyFormat(db, accountId),
    accountTimezone(db, accountId),
    accountLogoImage(db, accountId),
  ]);
  // Kept as WebP (decision 0055), which pdfkit cannot embed: printed as PNG.
  const logoPng = logo ? await sharp(logo).png().toBuffer() : null;
  const id = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    if (!(await lockOrder(tx, accountId, orderId))) throw notFound('Order');
    const [last] = await tx
      .select({ revision: sql<number>`coalesce(max(${documents.revision}), 0)`.mapWith(Number) })
      .from(documents)
      .where(and(eq(documents.orderId, orderId), eq(documents.kind, kind)));
    const revision = (last?.revision ?? 0) + 1;
    const pdf = await renderOrderPdf({
      kind,
      revision,
      logo: logoPng,
      business: { name: settings.name, ...settings.business },
      order: {
        ...order,
        customer: {
          name: order.customer.name,
          email: customer?.email ?? null,
          phone: customer?.phoneNumber ?? null,
        },
      },
      currency,
      timeZone,
      locale,
      issuedAt: now,
      terms: settings.terms ?? DEFAULT_TERMS,
      contractClauses: settings.contractClauses,
      invoiceDueDays: settings.invoiceDueDays,
      numberPrefix: settings.numberPrefix,
    });
    const [row] = await tx
      .insert(documents)
      .values({
        accountId,
        customerId: order.customer.id,
        orderId,
        kind,
        title: documentTitle(kind, order.number, revision, settings.numberPrefix),
        status: 'draft',
        revision,
        pdf,
        sha256: createHash('sha256').update(pdf).digest('hex'),
        createdAt: now,
      })
      .returning({ id: documents.id });
    return row?.id as string;
  });
  const [row] = await db.select(documentFields).from(documents).where(eq(documents.id, id));
  await publish(db, accountId, { type: 'order.updated', orderId });
  return documentBody(row as DocumentRow);
}

export async function documentPdf(db: Db, accountId: string, documentId: string) {
  const [row] = await db
    .select({ pdf: documents.pdf, title: documents.title })
    .from(documents)
    .where(and(eq(documents.accountId, accountId), eq(documents.id, documentId)));
  return row?.pdf ? { pdf: row.pdf, title: row.title } : null;
}
