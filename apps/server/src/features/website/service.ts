import type { WebsitePageResponse, WebsiteSection } from '@tentpole/domain';
import sharp from 'sharp';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { encodeImage } from '../../images/encode-image.js';
import { existingProductIds, ownsAll } from '../inventory/queries.js';
import { existingImageIds, insertImage, type PageRow } from './queries.js';

/** What a new account's builder starts with (issue 20 item 4: the builder is never empty). */
export function defaultHomeSections(businessName: string): WebsiteSection[] {
  return [
    {
      id: 'hero',
      type: 'hero',
      heading: businessName.slice(0, 120),
      text: 'Bounce houses, tents, tables and more, delivered and set up for your party.',
      imageId: null,
      showBookingSearch: true,
    },
    { id: 'categories', type: 'category_grid', heading: 'What we rent', categoryIds: [] },
    {
      id: 'contact',
      type: 'contact_form',
      heading: 'Questions? Write to us',
      text: 'Tell us about your party and we will get back to you.',
    },
  ];
}

/** A page's public address: the store's, and /pages/{slug} under it for the others. */
export const pagePath = (
  storePath: string | null,
  page: { isHome: boolean; slug: string | null },
) => `${storePath ?? ''}${page.isHome ? '' : `/pages/${page.slug ?? ''}`}` || '/';

export const pageSummary = (row: PageRow, storePath: string | null) => ({
  id: row.id,
  title: row.title,
  slug: row.isHome ? null : row.slug,
  isHome: row.isHome,
  state: row.state,
  path: pagePath(storePath, row),
  publishedAt: row.publishedAt ? new Date(row.publishedAt).toISOString() : null,
  updatedAt: new Date(row.updatedAt).toISOString(),
});

export const pageResponse = (row: PageRow, storePath: string | null): WebsitePageResponse => ({
  ...pageSummary(row, storePath),
  seoTitle: row.seoTitle,
  seoDescription: row.seoDescription,
  sections: row.sections,
});

/**
 * Sections may only name the account's own products, categories and images: a 400 on the
 * section's field (`sections.2.productIds`) for any other id. The store skips ones deleted later.
 */
export async function checkSectionReferences(
  db: Db,
  accountId: string,
  sections: WebsiteSection[],
) {
  const imagesOf = (s: WebsiteSection): string[] =>
    s.type === 'hero' || s.type === 'image'
      ? s.imageId
        ? [s.imageId]
        : []
      : s.type === 'gallery'
        ? s.images.map((i) => i.imageId)
        : [];
  const [products, images] = await Promise.all([
    existingProductIds(
      db,
      accountId,
      sections.flatMap((s) => (s.type === 'product_grid' ? s.productIds : [])),
    ),
    existingImageIds(db, accountId, sections.flatMap(imagesOf)),
  ]);
  const fields: Record<string, string[]> = {};
  for (const [i, s] of sections.entries()) {
    const at = `sections.${i}`;
    if (s.type === 'product_grid' && s.productIds.some((id) => !products.has(id)))
      fields[`${at}.productIds`] = ['Choose products from the list'];
    if (s.type === 'category_grid' && !(await ownsAll(db, accountId, 'category', s.categoryIds)))
      fields[`${at}.categoryIds`] = ['Choose categories from the list'];
    if ((s.type === 'hero' || s.type === 'image') && s.imageId && !images.has(s.imageId))
      fields[`${at}.imageId`] = ['Upload the image again'];
    if (s.type === 'gallery')
      for (const [j, image] of s.images.entries())
        if (!images.has(image.imageId))
          fields[`${at}.images.${j}.imageId`] = ['Upload the image again'];
  }
  if (Object.keys(fields).length)
    throw new AppError('validation_failed', 'Some fields are not valid.', fields);
}

/** An uploaded image re-encoded as WebP within 1600 px (the widest a section shows it). */
export async function uploadWebsiteImage(db: Db, accountId: string, file: File) {
  const { full } = await encodeImage(file, { full: { size: 1600, fit: 'inside', quality: 82 } });
  const { width = 0, height = 0 } = await sharp(full).metadata();
  return insertImage(db, accountId, { contentType: 'image/webp', bytes: full, width, height });
}
