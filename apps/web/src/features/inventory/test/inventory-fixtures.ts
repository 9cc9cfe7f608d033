import type {
  Category,
  Downtime,
  Product,
  ProductListItem,
  ProductMonth,
  Surface,
} from '@tentpole/domain';
import { stubServer } from '@/test/fake-server';
import { productListRoute, signedInSession, signedInShellRoutes } from '@/test/fixtures';

export const ids = {
  castle: '00000000-0000-4000-8000-000000000001',
  blower: '00000000-0000-4000-8000-000000000002',
  stakes: '00000000-0000-4000-8000-000000000003',
  attendant: '00000000-0000-4000-8000-000000000004',
  inflatables: '00000000-0000-4000-8000-0000000000a1',
  castles: '00000000-0000-4000-8000-0000000000a2',
  tents: '00000000-0000-4000-8000-0000000000a3',
  grass: '00000000-0000-4000-8000-0000000000b1',
  concrete: '00000000-0000-4000-8000-0000000000b2',
  unit1: '00000000-0000-4000-8000-0000000000c1',
} as const;

export const castle: Product = {
  id: ids.castle,
  name: 'Royal Castle 🏰 Bounce House',
  slug: 'royal-castle',
  categoryId: ids.castles,
  categoryName: 'Castles',
  description: 'A big castle.',
  type: 'rental',
  tracking: 'serialized',
  quantity: 1,
  pricing: {
    mode: 'daily',
    tiers: [
      { hours: 24, amount: 15_000 },
      { hours: 48, amount: 22_500 },
    ],
    extraDayAmount: 5_000,
  },
  taxable: true,
  securityDeposit: 10_000,
  bufferBeforeMinutes: 60,
  bufferAfterMinutes: 60,
  recoveryMinutes: 120,
  dimensions: { lengthCm: 500, widthCm: 400, heightCm: 350 },
  powerNeeds: 'One 20 A circuit',
  capacity: '8 children',
  anchorPoints: 6,
  setupMinutes: 45,
  crewSize: 2,
  showInStore: true,
  status: 'active',
  imageUrl: '/api/files/img-1/thumb',
  images: [{ id: 'img-1', url: '/api/files/img-1', thumbnailUrl: '/api/files/img-1/thumb' }],
  components: [],
  accessories: [{ id: ids.blower, name: 'Blower', quantity: 1, required: true }],
  units: [{ id: ids.unit1, name: 'Castle #1', serial: 'SN-1', status: 'active' }],
  ordered: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const listItem = (product: Partial<ProductListItem> & Pick<ProductListItem, 'id' | 'name'>) =>
  ({
    categoryId: null,
    categoryName: null,
    type: 'rental',
    tracking: 'bulk',
    quantity: 1,
    pricing: { mode: 'flat', amount: 2_500 },
    status: 'active',
    imageUrl: null,
    showInStore: true,
    ...product,
  }) satisfies ProductListItem;

export const productList: ProductListItem[] = [
  listItem({
    id: ids.castle,
    name: castle.name,
    categoryId: ids.castles,
    categoryName: 'Castles',
    tracking: 'serialized',
    quantity: 1,
    pricing: castle.pricing,
    imageUrl: castle.imageUrl,
  }),
  listItem({
    id: ids.attendant,
    name: 'Attendant',
    type: 'service',
    pricing: { mode: 'hourly', minimumHours: 1, minimumAmount: 4_000, extraHourAmount: 4_000 },
  }),
  listItem({ id: ids.stakes, name: 'Stakes', quantity: 200, showInStore: false }),
  listItem({ id: ids.blower, name: 'Blower', quantity: 6 }),
];

const category = (
  id: string,
  name: string,
  parentId: string | null,
  position: number,
  productCount = 0,
): Category => ({
  id,
  name,
  slug: name.toLowerCase(),
  parentId,
  description: null,
  showInStore: true,
  position,
  imageUrl: null,
  productCount,
});

export const categories: Category[] = [
  category(ids.inflatables, 'Inflatables', null, 0, 3),
  category(ids.tents, 'Tents', null, 1),
  category(ids.castles, 'Castles', ids.inflatables, 0, 1),
];

export const surfaces: Surface[] = [
  { id: ids.grass, name: 'Grass', description: 'Lawns', customerVisible: true, position: 0 },
  { id: ids.concrete, name: 'Concrete', description: null, customerVisible: false, position: 1 },
];

export const downtime: Downtime = {
  id: 'dt-1',
  productId: ids.castle,
  productName: castle.name,
  unitId: ids.unit1,
  unitName: 'Castle #1',
  quantity: 1,
  reason: 'repair',
  from: '2026-01-02T09:00:00.000Z',
  until: null,
  hard: true,
  note: 'Torn seam',
};

/** June 2026 with the 13th booked out. */
export const june: ProductMonth = {
  month: '2026-06',
  timezone: 'America/Chicago',
  owned: 1,
  days: Array.from({ length: 30 }, (_, i) => ({
    date: `2026-06-${String(i + 1).padStart(2, '0')}`,
    available: i + 1 === 13 ? 0 : 1,
    held: i + 1 === 13 ? 1 : 0,
    down: 0,
  })),
  holders: [
    {
      orderId: 'order-1',
      number: 1042,
      status: 'confirmed',
      customerName: 'Jamie Fox',
      quantity: 1,
      from: '2026-06-13T08:00:00-05:00',
      until: '2026-06-13T20:00:00-05:00',
    },
  ],
};

type Routes = Parameters<typeof stubServer>[0];

/** The signed-in shell's routes and the inventory's own answers; `routes` add or replace. */
export function inventoryServer(routes: Routes = {}, roles: string[] = signedInSession.user.roles) {
  return stubServer({
    ...signedInShellRoutes(roles),
    'GET /api/categories': () => Response.json({ categories }),
    ...productListRoute(productList),
    'GET /api/downtimes': () => Response.json({ downtimes: [downtime] }),
    ...routes,
  });
}

/**
 * The wait for a page's first paint: the whole app renders, then its page's queries answer.
 * On a loaded 2-core machine that can take longer than Testing Library's default second.
 */
export const PAGE_LOAD = { timeout: 5_000 };

/** A test that renders the whole app and fills a form in it, on that machine. */
export const APP_TEST = { timeout: 15_000 };
