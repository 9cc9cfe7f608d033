import { createRequire } from 'node:module';
import path from 'node:path';
import { dateTimeFormat, formatMoney } from '@tentpole/domain';
import PDFDocument from 'pdfkit';

/**
 * §4 "Documents": quote, contract and invoice PDFs rendered on the server with pdfkit (decision
 * 0026), from the order as it is when the document is made. DejaVu Sans is embedded so names in
 * any Latin, Greek or Cyrillic script print as typed.
 */

const fontDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);
const REGULAR = path.join(fontDir, 'DejaVuSans.ttf');
const BOLD = path.join(fontDir, 'DejaVuSans-Bold.ttf');

export type DocumentKind = 'quote' | 'contract' | 'invoice';
export const DOCUMENT_TITLES: Record<DocumentKind, string> = {
  quote: 'Quote',
  contract: 'Rental agreement',
  invoice: 'Invoice',
};

export type PdfOrder = {
  number: number;
  customer: { name: string; email?: string | null; phone?: string | null };
  eventStart: string;
  eventEnd: string;
  fulfilment: 'delivery' | 'pickup';
  address: {
    line1: string;
    line2: string | null;
    city: string;
    region: string;
    postalCode: string;
  } | null;
  notes: { customer: string | null };
  lines: {
    kind: string;
    description: string;
    quantity: number;
    unitAmount: number;
    amount: number;
  }[];
  totals: {
    rentalSubtotal: number;
    fees: number;
    damageWaiver: number;
    discounts: number;
    tax: number;
    total: number;
    depositDue: number;
    securityDeposit: number;
    paid: number;
    refunded: number;
    balance: number;
  };
};

export type PdfInput = {
  kind: DocumentKind;
  revision: number;
  /** The business's uploaded logo as PNG (pdfkit embeds PNG and JPEG), printed above its name. */
  logo?: Buffer | null;
  /** The business as its documents show it (§2's identity): blanks are left out. */
  business: {
    name: string;
    legalName?: string;
    address?: string;
    phone?: string;
    email?: string;
    website?: string;
  };
  order: PdfOrder;
  currency: string;
  timeZone: string;
  /** The account's locale: dates and amounts are written its way (§2). */
  locale: string;
  issuedAt: Date;
  terms: string;
  /** §2's contract clauses, printed after the terms on a contract. */
  contractClauses?: string | null;
  invoiceDueDays: number;
  /** §2's numbering prefix ("INV-"): "Invoice INV-1042" instead of "Invoice #1042". */
  numberPrefix?: string;
};

export function documentTitle(
  kind: DocumentKind,
  number: number,
  revision: number,
  numberPrefix = '',
) {
  const numbered = numberPrefix ? `${numberPrefix}${number}` : `#${number}`;
  return `${DOCUMENT_TITLES[kind]} ${numbered}${revision > 1 ? ` (revision ${revision})` : ''}`;
}

/** Renders the document; resolves with the PDF's bytes. */
export function renderOrderPdf(input: PdfInput): Promise<Buffer> {
  const { order, currency, timeZone, locale } = input;
  const money = (cents: number) => formatMoney(cents, currency, locale);
  const when = dateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  });
  const day = dateTimeFormat(locale, { dateStyle: 'long', timeZone });
  const title = documentTitle(input.kind, order.number, input.revision, input.numberPrefix);

  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    info: { Title: title, Author: input.business.name, Subject: `Order #${order.number}` },
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 108;
  if (input.logo) {
    doc.image(input.logo, { fit: [180, 60] });
    doc.moveDown(0.4);
  }
  doc.font('bold').fontSize(18).text(input.business.name, { width });
  const { legalName, address, phone, email, website } = input.business;
  const identity = [legalName, address, [phone, email, website].filter(Boolean).join(' · ')]
    .filter((line): line is string => Boolean(line))
    .join('\n');
  if (identity) doc.font('regular').fontSize(9).fillColor('#444').text(identity, { width });
  doc.fillColor('#000').moveDown(0.3);
  doc.font('bold').fontSize(14).text(title);
  doc
    .font('regular')
    .fontSize(10)
    .fillColor('#444')
    .text(`Issued ${day.format(input.issuedAt)}`);
  if (input.kind === 'invoice') {
    const due = new Date(input.issuedAt.getTime() + input.invoiceDueDays * 86_400_000);
    doc.text(`Due ${day.format(due)}`);
  }
  doc.fillColor('#000').moveDown();

  doc.font('bold').fontSize(11).text('Customer');
  doc.font('regular').fontSize(10).text(order.customer.name, { width });
  for (const line of [order.customer.email, order.customer.phone]) if (line) doc.text(line);
  doc.moveDown(0.5);
  doc.font('bold').fontSize(11).text('Event');
  doc
    .font('regular')
    .fontSize(10)
    .text(`${when.format(new Date(order.eventStart))} – ${when.format(new Date(order.eventEnd))}`);
  doc.text(order.fulfilment === 'delivery' ? 'Delivered and set up' : 'Picked up by the customer');
  if (order.address) {
    const a = order.address;
    doc.text([a.line1, a.line2].filter(Boolean).join(', '), { width });
    doc.text(`${a.city}, ${a.region} ${a.postalCode}`, { width });
  }
  doc.moveDown();

  // The lines the customer rents and pays for (components ride along unlisted).
  const columns = { item: 54, qty: 340, unit: 390, amount: 470 };
  const header = doc.y;
  doc.font('bold').fontSize(10);
  doc.text('Item', columns.item, header);
  doc.text('Qty', columns.qty, header, { width: 40, align: 'right' });
  doc.text('Price', columns.unit, header, { width: 70, align: 'right' });
  doc.text('Amount', columns.amount, header, { width: 88, align: 'right' });
  doc
    .moveTo(54, doc.y + 2)
    .lineTo(54 + width, doc.y + 2)
    .stroke('#999');
  doc.font('regular');
  for (const line of order.lines.filter((l) => l.kind !== 'component')) {
    doc.moveDown(0.4);
    const y = doc.y;
    doc.text(line.description, columns.item, y, { width: 280 });
    const bottom = doc.y;
    doc.text(String(line.quantity), columns.qty, y, { width: 40, align: 'right' });
    doc.text(money(line.unitAmount), columns.unit, y, { width: 70, align: 'right' });
    doc.text(money(line.amount), columns.amount, y, { width: 88, align: 'right' });
    doc.y = Math.max(bottom, doc.y);
  }
  doc.moveDown();

  const t = order.totals;
  const rows: [string, number][] = [
    ['Rental', t.rentalSubtotal],
    ...(t.fees ? [['Fees', t.fees] as [string, number]] : []),
    ...(t.damageWaiver ? [['Damage waiver', t.damageWaiver] as [string, number]] : []),
    ...(t.discounts ? [['Discounts', -t.discounts] as [string, number]] : []),
    ['Tax', t.tax],
    ['Total', t.total],
  ];
  if (input.kind === 'quote' && t.depositDue) rows.push(['Deposit to book', t.depositDue]);
  if (input.kind === 'invoice')
    rows.push(['Paid', t.paid - t.refunded], ['Balance due', t.balance]);
  for (const [label, amount] of rows) {
    const y = doc.y;
    doc.font(label === 'Total' || label === 'Balance due' ? 'bold' : 'regular');
    doc.text(label, 330, y, { width: 130, align: 'right' });
    doc.text(money(amount), columns.amount, y, { width: 88, align: 'right' });
    doc.moveDown(0.2);
  }
  if (t.securityDeposit) {
    doc.moveDown(0.5);
    doc
      .font('regular')
      .text(
        `Refundable security deposit (held apart, not part of the total): ${money(t.securityDeposit)}`,
        54,
        doc.y,
        { width },
      );
  }
  if (order.notes.customer) {
    doc.moveDown();
    doc.font('bold').text('Notes', 54);
    doc.font('regular').text(order.notes.customer, { width });
  }
  if (input.kind === 'contract') {
    doc.moveDown();
    doc.font('bold').fontSize(11).text('Terms', 54);
    doc.font('regular').fontSize(9).text(input.terms, { width, align: 'justify' });
    if (input.contractClauses) {
      doc.moveDown(0.5);
      doc.text(input.contractClauses, { width, align: 'justify' });
    }
    doc.moveDown(2);
    doc.fontSize(10).text('Signed by ____________________________    Date ______________', 54);
  }
  doc.end();
  return done;
}
