import type { Category, ProductListItem, WebsitePageResponse } from '@tentpole/domain';
import { stubServer } from '@/test/fake-server';
import { productListRoute, signedInSession, signedInShellRoutes } from '@/test/fixtures';

export const ids = {
  home: '00000000-0000-4000-8000-0000000000e1',
  about: '00000000-0000-4000-8000-0000000000e2',
  faq: '00000000-0000-4000-8000-0000000000e3',
  image: '00000000-0000-4000-8000-0000000000f1',
  tents: '00000000-0000-4000-8000-0000000000a1',
  tent: '00000000-0000-4000-8000-000000000001',
} as const;

const page = (over: Partial<WebsitePageResponse> & Pick<WebsitePageResponse, 'id' | 'title'>) =>
  ({
    slug: null,
    isHome: false,
    state: 'draft',
    path: '/s/party-co',
    publishedAt: null,
    updatedAt: '2026-11-20T12:00:00.000Z',
    seoTitle: '',
    seoDescription: '',
    sections: [],
    ...over,
  }) satisfies WebsitePageResponse;

export const homePage = page({
  id: ids.home,
  title: 'Home',
  isHome: true,
  state: 'published',
  publishedAt: '2026-11-20T12:00:00.000Z',
  sections: [
    {
      id: 'hero1',
      type: 'hero',
      heading: 'Bounce into summer',
      text: '',
      imageId: null,
      showBookingSearch: true,
    },
  ],
});
export const aboutPage = page({
  id: ids.about,
  title: 'About us 🎪 and our long story of party rentals, since 1999',
  slug: 'about-us',
  path: '/s/party-co/pages/about-us',
  state: 'changed',
  publishedAt: '2026-11-20T12:00:00.000Z',
  sections: [
    { id: 'intro', type: 'text', heading: 'Who we are', body: 'A family business.' },
    {
      id: 'ask',
      type: 'faq',
      heading: 'Questions',
      items: [{ question: 'Do you deliver?', answer: 'Yes.' }],
    },
  ],
});
export const faqPage = page({
  id: ids.faq,
  title: 'FAQ',
  slug: 'faq',
  path: '/s/party-co/pages/faq',
});

const summary = ({ seoTitle, seoDescription, sections, ...rest }: WebsitePageResponse) => rest;

const categories: Category[] = [
  {
    id: ids.tents,
    name: 'Tents',
    slug: 'tents',
    parentId: null,
    description: null,
    showInStore: true,
    position: 0,
    imageUrl: null,
    productCount: 1,
  },
];
const products: ProductListItem[] = [
  {
    id: ids.tent,
    name: 'Party Tent 20×20',
    categoryId: ids.tents,
    categoryName: 'Tents',
    type: 'rental',
    tracking: 'bulk',
    quantity: 1,
    pricing: { mode: 'flat', amount: 10_000 },
    status: 'active',
    imageUrl: null,
    showInStore: true,
  },
];

type Routes = Parameters<typeof stubServer>[0];

/** The signed-in shell and a store with a home page and two more pages. */
export function websiteServer(
  routes: Routes = {},
  {
    roles = signedInSession.user.roles,
    storePath = '/s/party-co',
  }: { roles?: string[]; storePath?: string | null } = {},
) {
  let pages = [homePage, aboutPage, faqPage];
  return stubServer({
    'PUT /api/website/pages/order': ({ json }) => {
      const order = (json as { ids: string[] }).ids;
      pages = order.flatMap((id) => pages.filter((one) => one.id === id));
      return Response.json({ storePath, pages: pages.map(summary) });
    },
    ...signedInShellRoutes(roles),
    'GET /api/website/pages': () => Response.json({ storePath, pages: pages.map(summary) }),
    ...Object.fromEntries(
      pages.map((one) => [`GET /api/website/pages/${one.id}`, () => Response.json(one)]),
    ),
    'GET /api/categories': () => Response.json({ categories }),
    ...productListRoute(products),
    ...routes,
  });
}

/** The wait for the page's first paint on a loaded 2-core machine (see inventory's tests). */
export const PAGE_LOAD = { timeout: 5_000 };
export const APP_TEST = { timeout: 20_000 };
