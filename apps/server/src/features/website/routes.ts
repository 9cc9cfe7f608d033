import {
  createWebsitePageSchema,
  orderWebsitePagesSchema,
  saveWebsitePageSchema,
  WEBSITE_LIMITS,
  websiteImageResponseSchema,
  websitePageResponseSchema,
  websitePagesResponseSchema,
} from '@tentpole/domain';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import { AppError, notFound } from '../../http/app-error.js';
import { isUuid } from '../../http/is-uuid.js';
import { readJson } from '../../http/read-body.js';
import { readUploadedFile } from '../../http/read-upload.js';
import type { RouteDef } from '../../http/route-table.js';
import type { FeatureContext } from '../feature.js';
import { storeSettingsOf } from '../store/index.js';
import {
  businessName,
  deletePage,
  findPage,
  insertHomePage,
  insertPage,
  listPages,
  orderPages,
  publishPage,
  saveDraft,
} from './queries.js';
import {
  checkSectionReferences,
  defaultHomeSections,
  pageResponse,
  pageSummary,
  uploadWebsiteImage,
} from './service.js';
import { websiteSiteRoutes } from './site-routes.js';

const tag = 'Website';
const pageNotFound = () => notFound('Page');
const slugTaken = () =>
  new AppError('validation_failed', 'Some fields are not valid.', {
    slug: ['Another page has this address'],
  });

/** The builder's API (issue 20 item 4); the pages shoppers see are in site-routes.ts. */
export function websiteRoutes(context: FeatureContext): RouteDef[] {
  const { db, clock } = context;

  async function storePathOf(accountId: string) {
    const settings = await storeSettingsOf(db, accountId);
    return settings ? `/s/${settings.slug}` : null;
  }

  async function pageOf(c: Context<AppEnv>) {
    const id = c.req.param('id');
    const accountId = c.get('user').accountId;
    const page = isUuid(id) ? await findPage(db, accountId, id) : null;
    if (!page) throw pageNotFound();
    return page;
  }

  async function answerPage(c: Context<AppEnv>, id: string, status: 200 | 201 = 200) {
    const accountId = c.get('user').accountId;
    const page = await findPage(db, accountId, id);
    if (!page) throw pageNotFound();
    return c.json(pageResponse(page, await storePathOf(accountId)), status);
  }

  return [
    {
      method: 'GET',
      path: '/api/website/pages',
      access: { permission: 'website.read' },
      summary:
        "The website's pages, home first, then in menu order (an account without pages gets its home page).",
      tag,
      response: websitePagesResponseSchema,
      async handler(c) {
        const accountId = c.get('user').accountId;
        let pages = await listPages(db, accountId);
        if (!pages.some((p) => p.isHome)) {
          const name = await businessName(db, accountId);
          await insertHomePage(db, accountId, {
            title: 'Home',
            sections: defaultHomeSections(name),
          });
          pages = await listPages(db, accountId);
        }
        const storePath = await storePathOf(accountId);
        return c.json({ storePath, pages: pages.map((p) => pageSummary(p, storePath)) });
      },
    },
    {
      method: 'POST',
      path: '/api/website/pages',
      access: { permission: 'website.write' },
      summary: 'A new, empty, unpublished page at the end of the menu.',
      tag,
      request: createWebsitePageSchema,
      response: websitePageResponseSchema,
      status: 201,
      errors: [409],
      async handler(c) {
        const input = await readJson(c, createWebsitePageSchema);
        const accountId = c.get('user').accountId;
        const added = await insertPage(db, accountId, input, WEBSITE_LIMITS.pages);
        if (added === 'full')
          throw new AppError(
            'conflict',
            `A website has at most ${WEBSITE_LIMITS.pages} pages. Delete one to add another.`,
          );
        if (added === 'taken') throw slugTaken();
        return answerPage(c, added.id, 201);
      },
    },
    {
      method: 'PUT',
      path: '/api/website/pages/order',
      access: { permission: 'website.write' },
      summary: "The pages' order in the store's menu (the home page stays first).",
      tag,
      request: orderWebsitePagesSchema,
      response: websitePagesResponseSchema,
      async handler(c) {
        const { ids } = await readJson(c, orderWebsitePagesSchema);
        const accountId = c.get('user').accountId;
        if (!(await orderPages(db, accountId, ids)))
          throw new AppError('validation_failed', 'Some fields are not valid.', {
            ids: ['Reload the pages and try again'],
          });
        const storePath = await storePathOf(accountId);
        const pages = await listPages(db, accountId);
        return c.json({ storePath, pages: pages.map((p) => pageSummary(p, storePath)) });
      },
    },
    {
      method: 'GET',
      path: '/api/website/pages/:id',
      access: { permission: 'website.read' },
      summary: 'One page with its draft.',
      tag,
      response: websitePageResponseSchema,
      async handler(c) {
        const page = await pageOf(c);
        return c.json(pageResponse(page, await storePathOf(c.get('user').accountId)));
      },
    },
    {
      method: 'PUT',
      path: '/api/website/pages/:id',
      access: { permission: 'website.write' },
      summary:
        "Saves the page's draft (title, address, search texts, sections); shoppers see it once published.",
      tag,
      request: saveWebsitePageSchema,
      response: websitePageResponseSchema,
      async handler(c) {
        const page = await pageOf(c);
        const input = await readJson(c, saveWebsitePageSchema);
        const accountId = c.get('user').accountId;
        await checkSectionReferences(db, accountId, input.sections);
        const saved = await saveDraft(
          db,
          accountId,
          page.id,
          { ...input, slug: page.isHome ? undefined : input.slug },
          clock(),
        );
        if (saved === 'taken') throw slugTaken();
        if (saved === 'missing') throw pageNotFound();
        return answerPage(c, page.id);
      },
    },
    {
      method: 'DELETE',
      path: '/api/website/pages/:id',
      access: { permission: 'website.write' },
      summary: 'Deletes a page (never the home page: the store always has one).',
      tag,
      response: { kind: 'empty', description: 'Deleted.' },
      status: 204,
      errors: [409],
      async handler(c) {
        const page = await pageOf(c);
        const result = await deletePage(db, c.get('user').accountId, page.id);
        if (result === 'missing') throw pageNotFound();
        if (result === 'home')
          throw new AppError(
            'conflict',
            'The home page cannot be deleted. Change its sections instead.',
          );
        return c.body(null, 204);
      },
    },
    {
      method: 'POST',
      path: '/api/website/pages/:id/publish',
      access: { permission: 'website.write' },
      summary: 'Publishes the draft: shoppers see it from now on.',
      tag,
      response: websitePageResponseSchema,
      async handler(c) {
        const page = await pageOf(c);
        if (!(await publishPage(db, c.get('user').accountId, page.id, clock())))
          throw pageNotFound();
        return answerPage(c, page.id);
      },
    },
    {
      method: 'POST',
      path: '/api/website/images',
      access: { permission: 'website.write' },
      summary:
        'Upload an image for a section (multipart "file": JPEG, PNG or WebP up to 10 MB), kept as WebP within 1600 px.',
      tag,
      response: websiteImageResponseSchema,
      status: 201,
      async handler(c) {
        const file = await readUploadedFile(c);
        const accountId = c.get('user').accountId;
        const id = await uploadWebsiteImage(db, accountId, file);
        const storePath = await storePathOf(accountId);
        // Before the store has an address, the builder loads it from its own route.
        const url = storePath ? `${storePath}/site-images/${id}` : `/api/website/images/${id}`;
        return c.json({ id, url }, 201);
      },
    },
    ...websiteSiteRoutes(context),
  ];
}
