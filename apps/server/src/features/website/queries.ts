import type { WebsitePageState, WebsiteSection } from '@tentpole/domain';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { accounts } from '../../auth/tables.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../http/db-errors.js';
import { websiteImages, websitePages } from './tables.js';

/**
 * The website's reads and writes, each scoped to the account in its WHERE. Other features use
 * this file as the website's public surface.
 */

const pageFields = {
  id: websitePages.id,
  title: websitePages.title,
  slug: websitePages.slug,
  isHome: websitePages.isHome,
  seoTitle: websitePages.seoTitle,
  seoDescription: websitePages.seoDescription,
  sections: websitePages.draftSections,
  publishedAt: websitePages.publishedAt,
  updatedAt: websitePages.updatedAt,
  /** draft: never published; changed: the draft differs from what shoppers see. */
  state: sql<WebsitePageState>`case
    when ${websitePages.publishedAt} is null then 'draft'
    when ${websitePages.draftSections} is distinct from ${websitePages.publishedSections}
      or ${websitePages.title} is distinct from ${websitePages.publishedTitle}
      or ${websitePages.seoTitle} is distinct from ${websitePages.publishedSeoTitle}
      or ${websitePages.seoDescription} is distinct from ${websitePages.publishedSeoDescription}
    then 'changed' else 'published' end`,
};

export type PageRow = {
  id: string;
  title: string;
  slug: string | null;
  isHome: boolean;
  seoTitle: string;
  seoDescription: string;
  sections: WebsiteSection[];
  publishedAt: Date | null;
  updatedAt: Date;
  state: WebsitePageState;
};

const byMenuOrder = [
  desc(websitePages.isHome),
  asc(websitePages.position),
  asc(websitePages.createdAt),
];

/** Every page of the account, home first, then in menu order. */
export function listPages(db: Db, accountId: string): Promise<PageRow[]> {
  return db
    .select(pageFields)
    .from(websitePages)
    .where(eq(websitePages.accountId, accountId))
    .orderBy(...byMenuOrder);
}

export async function findPage(db: Db, accountId: string, id: string): Promise<PageRow | null> {
  const [row] = await db
    .select(pageFields)
    .from(websitePages)
    .where(and(eq(websitePages.accountId, accountId), eq(websitePages.id, id)));
  return row ?? null;
}

export async function countPages(db: Db, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(websitePages)
    .where(eq(websitePages.accountId, accountId));
  return Number(row?.n ?? 0);
}

/** The home page, made once (a second maker's insert does nothing: one home per account). */
export async function insertHomePage(
  db: Db,
  accountId: string,
  page: { title: string; sections: WebsiteSection[] },
) {
  await db
    .insert(websitePages)
    .values({
      accountId,
      isHome: true,
      slug: null,
      title: page.title,
      draftSections: page.sections,
    })
    .onConflictDoNothing();
}

/**
 * A new, empty page at the end of the menu, unless the account already has `limit` pages
 * ('full') or another page has the address ('taken'). The account's lock, held to the commit,
 * makes the count, the menu position and the insert one step: two requests at the limit, on
 * any number of server instances, cannot both add a page, nor two new pages share a position.
 */
export async function insertPage(
  db: Db,
  accountId: string,
  page: { title: string; slug: string },
  limit: number,
): Promise<{ id: string } | 'full' | 'taken'> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`website-pages:${accountId}`}))`);
    if ((await countPages(tx as unknown as Db, accountId)) >= limit) return 'full';
    const [row] = await tx
      .insert(websitePages)
      .values({
        accountId,
        title: page.title,
        slug: page.slug,
        position: sql`(select coalesce(max(position), 0) + 1 from ${websitePages} where account_id = ${accountId})`,
      })
      .onConflictDoNothing()
      .returning({ id: websitePages.id });
    return row ? { id: row.id } : 'taken';
  });
}

/** Saves the draft; 'taken' when another page of the account has the address. */
export async function saveDraft(
  db: Db,
  accountId: string,
  id: string,
  draft: {
    title: string;
    slug?: string | undefined;
    seoTitle: string;
    seoDescription: string;
    sections: WebsiteSection[];
  },
  now: Date,
): Promise<'saved' | 'taken' | 'missing'> {
  if (draft.slug !== undefined) {
    const [other] = await db
      .select({ id: websitePages.id })
      .from(websitePages)
      .where(
        and(
          eq(websitePages.accountId, accountId),
          eq(websitePages.slug, draft.slug),
          sql`${websitePages.id} <> ${id}`,
        ),
      );
    if (other) return 'taken';
  }
  const rows = await db
    .update(websitePages)
    .set({
      title: draft.title,
      // The home page's address is the store's: it never takes one.
      ...(draft.slug !== undefined
        ? { slug: sql`case when ${websitePages.isHome} then null else ${draft.slug} end` }
        : {}),
      seoTitle: draft.seoTitle,
      seoDescription: draft.seoDescription,
      draftSections: draft.sections,
      updatedAt: now,
    })
    .where(and(eq(websitePages.accountId, accountId), eq(websitePages.id, id)))
    .returning({ id: websitePages.id })
    .catch((error: unknown) => {
      // Another save took the address between the check and the update.
      if (isUniqueViolation(error)) return 'taken' as const;
      throw error;
    });
  if (rows === 'taken') return 'taken';
  return rows.length ? 'saved' : 'missing';
}

/** Copies the draft to what shoppers see, in one statement. */
export async function publishPage(db: Db, accountId: string, id: string, now: Date) {
  const rows = await db
    .update(websitePages)
    .set({
      publishedSections: sql`${websitePages.draftSections}`,
      publishedTitle: sql`${websitePages.title}`,
      publishedSeoTitle: sql`${websitePages.seoTitle}`,
      publishedSeoDescription: sql`${websitePages.seoDescription}`,
      publishedAt: now,
    })
    .where(and(eq(websitePages.accountId, accountId), eq(websitePages.id, id)))
    .returning({ id: websitePages.id });
  return rows.length > 0;
}

/** Deletes a page that is not the home page; what it found: 'deleted', 'home' or 'missing'. */
export async function deletePage(db: Db, accountId: string, id: string) {
  const [row] = await db
    .select({ isHome: websitePages.isHome })
    .from(websitePages)
    .where(and(eq(websitePages.accountId, accountId), eq(websitePages.id, id)));
  if (!row) return 'missing' as const;
  if (row.isHome) return 'home' as const;
  await db
    .delete(websitePages)
    .where(
      and(
        eq(websitePages.accountId, accountId),
        eq(websitePages.id, id),
        eq(websitePages.isHome, false),
      ),
    );
  return 'deleted' as const;
}

/** The menu order: each page's position is its place in `ids` (pages not named keep theirs). */
export async function orderPages(db: Db, accountId: string, ids: readonly string[]) {
  const known = await db
    .select({ id: websitePages.id })
    .from(websitePages)
    .where(and(eq(websitePages.accountId, accountId), inArray(websitePages.id, [...ids])));
  if (known.length !== new Set(ids).size) return false;
  await db
    .update(websitePages)
    .set({
      position: sql`case ${sql.join(
        ids.map((id, i) => sql`when ${websitePages.id} = ${id}::uuid then ${i + 1}::int`),
        sql` `,
      )} else ${websitePages.position} end`,
    })
    .where(and(eq(websitePages.accountId, accountId), inArray(websitePages.id, [...ids])));
  return true;
}

export async function insertImage(
  db: Db,
  accountId: string,
  image: { contentType: string; bytes: Buffer; width: number; height: number },
) {
  const [row] = await db
    .insert(websiteImages)
    .values({ accountId, ...image })
    .returning({ id: websiteImages.id });
  if (!row) throw new Error('website image was not saved');
  return row.id;
}

/** One of the account's website images (a public page shows it by its store's address). */
export async function findImage(db: Db, accountId: string, id: string) {
  const [row] = await db
    .select({ contentType: websiteImages.contentType, bytes: websiteImages.bytes })
    .from(websiteImages)
    .where(and(eq(websiteImages.accountId, accountId), eq(websiteImages.id, id)));
  return row ?? null;
}

/** The ids of these that are the account's website images. */
export async function existingImageIds(db: Db, accountId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: websiteImages.id })
    .from(websiteImages)
    .where(and(eq(websiteImages.accountId, accountId), inArray(websiteImages.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

export type PublishedPage = {
  id: string;
  slug: string | null;
  isHome: boolean;
  title: string;
  seoTitle: string;
  seoDescription: string;
  sections: WebsiteSection[];
  publishedAt: Date;
};

const publishedFields = {
  id: websitePages.id,
  slug: websitePages.slug,
  isHome: websitePages.isHome,
  title: sql<string>`coalesce(${websitePages.publishedTitle}, ${websitePages.title})`,
  seoTitle: sql<string>`coalesce(${websitePages.publishedSeoTitle}, '')`,
  seoDescription: sql<string>`coalesce(${websitePages.publishedSeoDescription}, '')`,
  sections: sql<WebsiteSection[]>`${websitePages.publishedSections}`,
  publishedAt: sql<Date>`${websitePages.publishedAt}`,
};

/** What shoppers see of a page (the home page with `slug` null), or null if unpublished. */
export async function publishedPage(
  db: Db,
  accountId: string,
  slug: string | null,
): Promise<PublishedPage | null> {
  const [row] = await db
    .select(publishedFields)
    .from(websitePages)
    .where(
      and(
        eq(websitePages.accountId, accountId),
        isNotNull(websitePages.publishedSections),
        slug === null ? eq(websitePages.isHome, true) : eq(websitePages.slug, slug),
      ),
    );
  return row ? { ...row, publishedAt: new Date(row.publishedAt) } : null;
}

/** The published pages other than home, in menu order (the store's header, the sitemap). */
export async function publishedMenu(db: Db, accountId: string) {
  const rows = await db
    .select({
      slug: websitePages.slug,
      title: publishedFields.title,
      publishedAt: publishedFields.publishedAt,
    })
    .from(websitePages)
    .where(
      and(
        eq(websitePages.accountId, accountId),
        isNotNull(websitePages.publishedSections),
        eq(websitePages.isHome, false),
      ),
    )
    .orderBy(...byMenuOrder);
  return rows.map((r) => ({
    slug: r.slug as string,
    title: r.title,
    publishedAt: new Date(r.publishedAt),
  }));
}

/** The business's name (the default home page's heading). */
export async function businessName(db: Db, accountId: string) {
  const [row] = await db
    .select({ name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.name ?? 'Welcome';
}
