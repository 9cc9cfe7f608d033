import type { Category, CouponResponse, ProductListItem } from '@tentpole/domain';
import { stubServer } from '@/test/fake-server';
import { productListRoute, signedInSession, signedInShellRoutes } from '@/test/fixtures';

export const ids = {
  summer: '00000000-0000-4000-8000-0000000000d1',
  take25: '00000000-0000-4000-8000-0000000000d2',
  freeShip: '00000000-0000-4000-8000-0000000000d3',
  inflatables: '00000000-0000-4000-8000-0000000000a1',
  castles: '00000000-0000-4000-8000-0000000000a2',
  castle: '00000000-0000-4000-8000-000000000001',
  tent: '00000000-0000-4000-8000-000000000002',
} as const;

const coupon = (over: Partial<CouponResponse> & Pick<CouponResponse, 'id' | 'code'>) =>
  ({
    description: null,
    kind: 'percent',
    percentBps: 1000,
    amount: null,
    appliesTo: 'all',
    categoryIds: [],
    productIds: [],
    minimumSubtotal: 0,
    validFrom: null,
    validUntil: null,
    dateBasis: 'event',
    maxUses: null,
    maxUsesPerCustomer: null,
    newCustomersOnly: false,
    channel: 'both',
    active: true,
    uses: 0,
    discountGiven: 0,
    revenue: 0,
    createdAt: '2026-05-01T12:00:00.000Z',
    updatedAt: '2026-05-01T12:00:00.000Z',
    ...over,
  }) satisfies CouponResponse;

/** A percent coupon on a category, an amount coupon, and free delivery: one of each kind. */
export const coupons: CouponResponse[] = [
  coupon({
    id: ids.summer,
    code: 'SUMMER10',
    description: 'Summer promotion 🎈',
    appliesTo: 'categories',
    categoryIds: [ids.inflatables],
    validFrom: '2026-06-01',
    validUntil: '2026-08-31',
    maxUses: 10,
    uses: 3,
    discountGiven: 4_500,
    revenue: 123_450,
  }),
  coupon({
    id: ids.take25,
    code: 'TAKE25',
    kind: 'amount',
    percentBps: null,
    amount: 2_500,
    dateBasis: 'booking',
    validUntil: '2026-12-31',
    active: false,
  }),
  coupon({
    id: ids.freeShip,
    code: 'FREESHIP',
    kind: 'free_delivery',
    percentBps: null,
    minimumSubtotal: 20_000,
    maxUsesPerCustomer: 1,
    uses: 12,
    discountGiven: 48_000,
    revenue: 980_000,
  }),
];

export const categories: Category[] = [
  {
    id: ids.inflatables,
    name: 'Inflatables',
    slug: 'inflatables',
    parentId: null,
    description: null,
    showInStore: true,
    position: 0,
    imageUrl: null,
    productCount: 2,
  },
  {
    id: ids.castles,
    name: 'Castles',
    slug: 'castles',
    parentId: ids.inflatables,
    description: null,
    showInStore: true,
    position: 0,
    imageUrl: null,
    productCount: 1,
  },
];

const product = (id: string, name: string): ProductListItem => ({
  id,
  name,
  categoryId: null,
  categoryName: null,
  type: 'rental',
  tracking: 'bulk',
  quantity: 1,
  pricing: { mode: 'flat', amount: 10_000 },
  status: 'active',
  imageUrl: null,
  showInStore: true,
});

export const products: ProductListItem[] = [
  product(ids.tent, 'Party Tent 20×20'),
  product(ids.castle, 'Royal Castle 🏰 Bounce House'),
];

type Routes = Parameters<typeof stubServer>[0];

/** The signed-in shell, the coupons, and the categories and products the editor picks from. */
export function couponServer(routes: Routes = {}, roles: string[] = signedInSession.user.roles) {
  return stubServer({
    ...signedInShellRoutes(roles),
    'GET /api/coupons': () => Response.json({ coupons }),
    'GET /api/categories': () => Response.json({ categories }),
    ...productListRoute(products),
    ...routes,
  });
}

/** The wait for the page's first paint on a loaded 2-core machine (see inventory's tests). */
export const PAGE_LOAD = { timeout: 5_000 };
export const APP_TEST = { timeout: 15_000 };
