import type { WebsiteSection } from '@tentpole/domain';
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
} from 'drizzle-orm/pg-core';
import { accountId } from '../../auth/tables.js';
import { bytea, createdAt, id } from '../../db/columns.js';

/**
 * back-office §10, issue 20 item 4: a page of the account's website. Staff edit the draft;
 * publishing copies it to `published_sections`, which is all shoppers ever see (decision 0067).
 */
export const websitePages = pgTable(
  'website_pages',
  {
    id: id(),
    accountId: accountId(),
    /** The address under the store (/s/{store}/pages/{slug}); null for the home page. */
    slug: text('slug'),
    isHome: boolean('is_home').notNull().default(false),
    title: text('title').notNull(),
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    draftSections: jsonb('draft_sections').$type<WebsiteSection[]>().notNull().default([]),
    /** What the store shows; null until the page is first published. */
    publishedSections: jsonb('published_sections').$type<WebsiteSection[]>(),
    /** The title as last published (the store's menu and <title> show this one). */
    publishedTitle: text('published_title'),
    publishedSeoTitle: text('published_seo_title'),
    publishedSeoDescription: text('published_seo_description'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The menu's order (the home page is always first). */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('website_pages_account_slug_idx').on(t.accountId, t.slug),
    uniqueIndex('website_pages_one_home_idx').on(t.accountId).where(sql`${t.isHome}`),
    index('website_pages_account_position_idx').on(t.accountId, t.position),
  ],
);

/** An image a website section shows, re-encoded as WebP like the products' (encode-image.ts). */
export const websiteImages = pgTable(
  'website_images',
  {
    id: id(),
    accountId: accountId(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('website_images_account_idx').on(t.accountId)],
);
