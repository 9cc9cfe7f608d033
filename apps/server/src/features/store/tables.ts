import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountId } from '../../auth/tables.js';
import { createdAt, id } from '../../db/columns.js';
import { customers } from '../customers/tables.js';
import { products } from '../inventory/tables.js';
import { orders } from '../orders/tables.js';

/** §10: the account's online store: its address (/s/{slug}), hold time and colour. */
export const storeSettings = pgTable(
  'store_settings',
  {
    accountId: accountId().primaryKey(),
    slug: text('slug').notNull(),
    holdMinutes: integer('hold_minutes').notNull().default(30),
    colour: text('colour').notNull().default('#4f46e5'),
    /** Website Settings (decision 0068): a named system font stack (STORE_FONTS). */
    font: text('font').notNull().default('modern'),
    /** Which checkout buttons the store shows: both, instant booking only, quotes only. */
    checkoutMode: text('checkout_mode').notNull().default('both'),
    /** A custom domain (lower-case host name), pending until its TXT record is found. */
    customDomain: text('custom_domain'),
    /** What `_tentpole.<domain>` must hold to prove the owner controls the domain. */
    domainToken: text('domain_token'),
    domainVerifiedAt: timestamp('domain_verified_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('store_settings_slug_idx').on(t.slug),
    uniqueIndex('store_settings_custom_domain_idx')
      .on(t.customDomain)
      .where(sql`${t.customDomain} is not null`),
  ],
);

/**
 * §10 cart session: one shopper's visit to the store. With at least one item it is counted on
 * the dashboard; its lines hold stock until `hold_expires_at` (then they hold nothing, as an
 * expired order hold); checked out, it names the order it became.
 */
export const cartSessions = pgTable(
  'cart_sessions',
  {
    id: id(),
    accountId: accountId(),
    /** The shopper's cookie; null on carts from before the store kept them. */
    token: text('token'),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    eventStart: timestamp('event_start', { withTimezone: true }),
    eventEnd: timestamp('event_end', { withTimezone: true }),
    postalCode: text('postal_code'),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** What the shopper told checkout, kept even if they never finish. */
    contact: jsonb('contact').$type<{
      firstName: string;
      lastName: string;
      email: string;
      phone: string;
      textConsent: boolean;
    }>(),
    itemCount: integer('item_count').notNull(),
    valueCents: integer('value_cents').notNull(),
    convertedOrderId: uuid('converted_order_id').references(() => orders.id, {
      onDelete: 'set null',
    }),
    /** When its hold ran out with items and no order: the shopper left. */
    abandonedAt: timestamp('abandoned_at', { withTimezone: true }),
    /**
     * When the booking's confirmation text was claimed (sent, or found not sendable): once per
     * booked cart, whichever of the confirmation page and the sweep gets there first.
     */
    confirmationTextedAt: timestamp('confirmation_texted_at', { withTimezone: true }),
    /**
     * When the abandoned-cart reminder was claimed (sent, or found not sendable): once per cart,
     * and at most one a week per shopper's number (decision 0049).
     */
    reminderTextedAt: timestamp('reminder_texted_at', { withTimezone: true }),
  },
  (t) => [
    index('cart_sessions_account_started_idx').on(t.accountId, t.startedAt),
    index('cart_sessions_customer_idx').on(t.accountId, t.customerId),
    uniqueIndex('cart_sessions_token_idx').on(t.token).where(sql`${t.token} is not null`),
    // The minute's confirmation-text sweep reads only the booked carts still owed a text.
    index('cart_sessions_confirmation_due_idx')
      .on(t.startedAt)
      .where(
        sql`${t.confirmationTextedAt} is null and ${t.convertedOrderId} is not null and (${t.contact}->>'textConsent') = 'true'`,
      ),
    // The minute's reminder sweep reads only the abandoned carts with consent still owed one.
    index('cart_sessions_reminder_due_idx')
      .on(t.abandonedAt)
      .where(
        sql`${t.reminderTextedAt} is null and ${t.convertedOrderId} is null and ${t.abandonedAt} is not null and (${t.contact}->>'textConsent') = 'true'`,
      ),
  ],
);

/**
 * A cart's items as the availability engine counts them: the product the shopper chose
 * (`chosen`), and the components its bundle, required accessories bring (not chosen), each
 * with the range it reserves, as an order's lines are stored.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    id: id(),
    accountId: accountId(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => cartSessions.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    chosen: boolean('chosen').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull().default(0),
    reservedFrom: timestamp('reserved_from', { withTimezone: true }).notNull(),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('cart_lines_cart_idx').on(t.cartId),
    index('cart_lines_product_range_idx').on(t.productId, t.reservedUntil, t.reservedFrom),
  ],
);
