import type { ProductPricing, SurfaceRule } from '@tentpole/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountId } from '../../auth/tables.js';
import { bytea, createdAt, id } from '../../db/columns.js';

/** §3 Category: nested (parent), ordered among its siblings (position). */
export const categories = pgTable(
  'categories',
  {
    id: id(),
    accountId: accountId(),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, {
      onDelete: 'set null',
    }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    showInStore: boolean('show_in_store').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('categories_account_slug_idx').on(t.accountId, t.slug),
    index('categories_account_parent_idx').on(t.accountId, t.parentId, t.position),
  ],
);

/** §3 Product. `quantity` is the bulk quantity; a serialized product counts its active units. */
export const products = pgTable(
  'products',
  {
    id: id(),
    accountId: accountId(),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description'),
    type: text('type', { enum: ['rental', 'sale', 'service'] }).notNull(),
    tracking: text('tracking', { enum: ['bulk', 'serialized'] }).notNull(),
    quantity: integer('quantity').notNull(),
    pricing: jsonb('pricing').$type<ProductPricing>().notNull(),
    taxable: boolean('taxable').notNull().default(true),
    securityDepositCents: integer('security_deposit_cents').notNull().default(0),
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    recoveryMinutes: integer('recovery_minutes').notNull().default(0),
    dimensions: jsonb('dimensions').$type<{
      lengthCm?: number | null;
      widthCm?: number | null;
      heightCm?: number | null;
    }>(),
    powerNeeds: text('power_needs'),
    capacity: text('capacity'),
    anchorPoints: integer('anchor_points').notNull().default(0),
    setupMinutes: integer('setup_minutes').notNull().default(0),
    crewSize: integer('crew_size').notNull().default(1),
    showInStore: boolean('show_in_store').notNull().default(true),
    status: text('status', { enum: ['active', 'archived'] })
      .notNull()
      .default('active'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('products_account_slug_idx').on(t.accountId, t.slug),
    index('products_account_status_name_idx').on(t.accountId, t.status, t.name),
    index('products_account_category_idx').on(t.accountId, t.categoryId),
  ],
);

/** A serialized product's named units ("Castle #1"). */
export const productUnits = pgTable(
  'product_units',
  {
    id: id(),
    accountId: accountId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    serial: text('serial'),
    status: text('status', { enum: ['active', 'retired'] })
      .notNull()
      .default('active'),
    createdAt: createdAt(),
  },
  (t) => [index('product_units_product_idx').on(t.accountId, t.productId)],
);

/** A bundle's components, each with a quantity per bundle. */
export const productComponents = pgTable(
  'product_components',
  {
    accountId: accountId(),
    bundleId: uuid('bundle_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bundleId, t.productId] })],
);

/** A product's accessories: required ones follow its quantity and are reserved with it. */
export const productAccessories = pgTable(
  'product_accessories',
  {
    accountId: accountId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    accessoryId: uuid('accessory_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    required: boolean('required').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.accessoryId] })],
);

/**
 * Images of products and categories, resized on upload and kept in the database so every
 * server instance serves them (§0.4).
 */
export const inventoryImages = pgTable(
  'inventory_images',
  {
    id: id(),
    accountId: accountId(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    contentType: text('content_type').notNull(),
    full: bytea('full').notNull(),
    thumbnail: bytea('thumbnail').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('inventory_images_product_idx').on(t.accountId, t.productId, t.position),
    index('inventory_images_category_idx').on(t.accountId, t.categoryId),
  ],
);

/** §3 Setup surfaces: the account's catalogue. */
export const surfaces = pgTable(
  'surfaces',
  {
    id: id(),
    accountId: accountId(),
    name: text('name').notNull(),
    description: text('description'),
    customerVisible: boolean('customer_visible').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('surfaces_account_name_idx').on(t.accountId, sql`lower(${t.name})`)],
);

/** A product's rule on one surface: allowed, the components it adds, its fee, crew notes. */
export const productSurfaceRules = pgTable(
  'product_surface_rules',
  {
    accountId: accountId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    surfaceId: uuid('surface_id')
      .notNull()
      .references(() => surfaces.id, { onDelete: 'cascade' }),
    allowed: text('allowed', { enum: ['yes', 'no', 'approval'] }).notNull(),
    components: jsonb('components').$type<SurfaceRule['components']>().notNull().default([]),
    fee: jsonb('fee').$type<SurfaceRule['fee']>(),
    crewNotes: text('crew_notes'),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.surfaceId] }),
    index('product_surface_rules_account_idx').on(t.accountId),
  ],
);

/** §3 Maintenance: a downtime on a product or one unit; hard removes stock, soft warns. */
export const downtimes = pgTable(
  'downtimes',
  {
    id: id(),
    accountId: accountId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id').references(() => productUnits.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    reason: text('reason', { enum: ['repair', 'cleaning', 'missing', 'damaged'] }).notNull(),
    from: timestamp('from', { withTimezone: true }).notNull(),
    until: timestamp('until', { withTimezone: true }),
    hard: boolean('hard').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('downtimes_product_idx').on(t.accountId, t.productId, t.from)],
);
