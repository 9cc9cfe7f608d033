import type { CouponRules, SignedTerms } from '@tentpole/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountId, users } from '../../auth/tables.js';
import { createdAt, id } from '../../db/columns.js';
import { coupons } from '../coupons/tables.js';
import { customers } from '../customers/tables.js';
import { products, surfaces } from '../inventory/tables.js';

const pdfBytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const orders = pgTable(
  'orders',
  {
    id: id(),
    accountId: accountId(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    status: text('status', {
      enum: [
        'draft',
        'quote',
        'hold',
        'reserved',
        'confirmed',
        'out',
        'returned',
        'completed',
        'cancelled',
      ],
    }).notNull(),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    /** A `hold` holds stock until then; past it, it holds nothing (§4). */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    // §4 "An order holds": the event, how it gets there, where, and what the customer agreed.
    eventStart: timestamp('event_start', { withTimezone: true }),
    eventEnd: timestamp('event_end', { withTimezone: true }),
    fulfilment: text('fulfilment', { enum: ['delivery', 'pickup'] })
      .notNull()
      .default('delivery'),
    address: jsonb('address').$type<{
      line1: string;
      line2?: string | null;
      city: string;
      region: string;
      postalCode: string;
      lat?: number | null;
      lng?: number | null;
    }>(),
    surfaceId: uuid('surface_id').references(() => surfaces.id, { onDelete: 'set null' }),
    deliveryWindow: jsonb('delivery_window').$type<{ start: string; end: string }>(),
    pickupWindow: jsonb('pickup_window').$type<{ start: string; end: string }>(),
    damageWaiver: boolean('damage_waiver').notNull().default(false),
    taxExempt: boolean('tax_exempt').notNull().default(false),
    couponCode: text('coupon_code'),
    /**
     * §9: the coupon the order uses and its rules as they were when it was applied; a later
     * edit of the coupon changes nothing here.
     */
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    coupon: jsonb('coupon').$type<CouponRules>(),
    notes: jsonb('notes').$type<{ internal?: string | null; customer?: string | null }>(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    referralSource: text('referral_source'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Totals and the settings they used, snapshotted when the order first holds stock (§0.2). */
    totals: jsonb('totals').$type<Record<string, unknown>>(),
    settingsSnapshot: jsonb('settings_snapshot').$type<Record<string, unknown>>(),
    cancelReason: text('cancel_reason'),
    /** §4: what the customer signed; a later change waits for their approval of the difference. */
    signedTerms: jsonb('signed_terms').$type<SignedTerms>(),
    /** Since when a change made after signing has waited for the customer's approval. */
    changesPendingSince: timestamp('changes_pending_since', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    totalCents: integer('total_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_account_number_idx').on(t.accountId, t.number),
    index('orders_account_created_idx').on(t.accountId, t.createdAt),
    index('orders_customer_idx').on(t.accountId, t.customerId),
    index('orders_account_event_idx').on(t.accountId, t.eventStart),
    index('orders_account_status_event_idx').on(t.accountId, t.status, t.eventStart),
    index('orders_account_coupon_idx')
      .on(t.accountId, t.couponId, t.customerId)
      .where(sql`${t.couponId} is not null`),
  ],
);

/** §4: every change to an order, who made it and when. */
export const orderActivity = pgTable(
  'order_activity',
  {
    id: id(),
    accountId: accountId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('order_activity_order_idx').on(t.accountId, t.orderId, t.createdAt)],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    accountId: accountId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    /** §4: a product or bundle line, a fee, or a component the line above brought with it. */
    kind: text('kind', { enum: ['product', 'component', 'fee', 'discount'] })
      .notNull()
      .default('product'),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'restrict' }),
    parentLineId: uuid('parent_line_id').references((): AnyPgColumn => orderLines.id, {
      onDelete: 'cascade',
    }),
    /** A fee or discount staff added by hand (§4), kept when the order is priced again. */
    custom: boolean('custom').notNull().default(false),
    /** A custom fee's taxability (surface fees follow their rule; other lines: null). */
    taxable: boolean('taxable'),
    /**
     * §3: the range the line holds its product over (buffers and recovery included), computed
     * when it is saved so a later change of buffers never creates a silent conflict.
     */
    reservedFrom: timestamp('reserved_from', { withTimezone: true }),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
  },
  (t) => [
    index('order_lines_order_idx').on(t.accountId, t.orderId),
    // Availability's one read: the lines of these products whose range reaches past a moment.
    index('order_lines_product_range_idx')
      .on(t.productId, t.reservedUntil, t.reservedFrom)
      .where(sql`${t.productId} is not null`),
    // The utilisation report's read: an account's lines held across a range, with what it sums
    // (product, order, quantity) in the index itself (decision 0033).
    index('order_lines_account_range_idx')
      .on(t.accountId, t.reservedUntil, t.reservedFrom, t.productId, t.orderId, t.quantity)
      .where(sql`${t.productId} is not null`),
  ],
);

export const documents = pgTable(
  'documents',
  {
    id: id(),
    accountId: accountId(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['quote', 'invoice', 'contract', 'waiver'] }).notNull(),
    title: text('title').notNull(),
    status: text('status', {
      enum: ['draft', 'sent', 'viewed', 'signed', 'paid', 'void'],
    }).notNull(),
    /** §4: a document is never regenerated in place: a change makes the next revision. */
    revision: integer('revision').notNull().default(1),
    /** The PDF as rendered (none for documents from before PDFs were kept). */
    pdf: pdfBytes('pdf'),
    /** SHA-256 of the PDF, hex: what a signature signs. */
    sha256: text('sha256'),
    createdAt: createdAt(),
  },
  (t) => [
    index('documents_customer_idx').on(t.accountId, t.customerId, t.createdAt),
    index('documents_order_idx').on(t.accountId, t.orderId, t.kind, t.revision),
  ],
);

/** §4 "Customer order page": the unguessable link a customer opens, revocable by staff. */
export const orderLinks = pgTable(
  'order_links',
  {
    id: id(),
    accountId: accountId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('order_links_token_idx').on(t.token),
    index('order_links_order_idx').on(t.accountId, t.orderId),
  ],
);

/**
 * A customer's signature on a document revision: who, when, from where, on exactly which bytes
 * (their SHA-256), and the signed PDF with its signature record page.
 */
export const documentSignatures = pgTable(
  'document_signatures',
  {
    id: id(),
    accountId: accountId(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    signerName: text('signer_name').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    documentSha256: text('document_sha256').notNull(),
    drawn: boolean('drawn').notNull(),
    signedPdf: pdfBytes('signed_pdf').notNull(),
  },
  (t) => [uniqueIndex('document_signatures_document_idx').on(t.documentId)],
);

/** §4: photos of the setup site, sent by the customer from their order page. */
export const orderPhotos = pgTable(
  'order_photos',
  {
    id: id(),
    accountId: accountId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Re-encoded on upload (EXIF, location included, is not kept). */
    contentType: text('content_type').notNull(),
    full: pdfBytes('full').notNull(),
    thumbnail: pdfBytes('thumbnail').notNull(),
    /** `site`: the customer's, of where it goes; `damage`: staff's, of what came back broken. */
    kind: text('kind', { enum: ['site', 'damage'] })
      .notNull()
      .default('site'),
    createdAt: createdAt(),
  },
  (t) => [index('order_photos_order_idx').on(t.accountId, t.orderId, t.createdAt)],
);

/**
 * §11 "turned away": a booking refused for want of stock (the availability write path answered
 * 409), one row per product short. The utilisation report counts them per product.
 */
export const availabilityMisses = pgTable(
  'availability_misses',
  {
    id: id(),
    accountId: accountId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Where the customer or staff asked: the order editor (the store's will say `store`). */
    source: text('source', { enum: ['editor', 'store'] }).notNull(),
    requested: integer('requested').notNull(),
    available: integer('available').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('availability_misses_account_idx').on(t.accountId, t.createdAt)],
);
