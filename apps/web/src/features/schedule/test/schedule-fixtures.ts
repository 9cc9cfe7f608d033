import {
  type Blackout,
  type Category,
  DEFAULT_SCHEDULE,
  type ProductListItem,
  type ScheduleResponse,
} from '@tentpole/domain';
import { stubServer } from '@/test/fake-server';
import { productListRoute, signedInSession, signedInShellRoutes } from '@/test/fixtures';

export const ids = {
  july4: '00000000-0000-4000-8000-0000000000b1',
  sundays: '00000000-0000-4000-8000-0000000000b2',
  service: '00000000-0000-4000-8000-0000000000b3',
  inflatables: '00000000-0000-4000-8000-0000000000a1',
  castle: '00000000-0000-4000-8000-000000000001',
} as const;

export const schedule: ScheduleResponse = {
  ...DEFAULT_SCHEDULE,
  timeZone: 'America/Chicago',
  updatedAt: '2026-05-01T12:00:00.000Z',
};

const blackout = (over: Partial<Blackout> & Pick<Blackout, 'id' | 'name'>): Blackout => ({
  scope: 'business',
  targetIds: [],
  kind: 'hard',
  startDate: '2026-07-04',
  endDate: '2026-07-04',
  rrule: null,
  until: null,
  createdAt: '2026-05-01T12:00:00.000Z',
  updatedAt: '2026-05-01T12:00:00.000Z',
  ...over,
});

export const blackouts: Blackout[] = [
  blackout({
    id: ids.july4,
    name: 'Independence Day',
    rrule: 'FREQ=YEARLY;BYMONTH=7;BYMONTHDAY=4',
  }),
  blackout({
    id: ids.sundays,
    name: 'Sundays',
    kind: 'online_only',
    startDate: '2026-01-04',
    endDate: '2026-01-04',
    rrule: 'FREQ=WEEKLY;BYDAY=SU',
  }),
  blackout({
    id: ids.service,
    name: 'Inflatables service',
    scope: 'category',
    targetIds: [ids.inflatables],
    startDate: '2020-03-02',
    endDate: '2020-03-04',
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
    productCount: 1,
  },
];

export const products: ProductListItem[] = [
  {
    id: ids.castle,
    name: 'Royal Castle',
    categoryId: ids.inflatables,
    categoryName: 'Inflatables',
    type: 'rental',
    tracking: 'bulk',
    quantity: 1,
    pricing: { mode: 'flat', amount: 10_000 },
    status: 'active',
    imageUrl: null,
    showInStore: true,
  },
];

/** Decision 0051: Dana works weekdays and Saturdays and is off for a wedding; Sam has no shifts. */
export const staff = [
  {
    userId: '00000000-0000-4000-8000-00000000d001',
    name: 'Dana Driver 🚚',
    shifts: {
      mon: { start: '08:00', end: '17:00' },
      tue: { start: '08:00', end: '17:00' },
      wed: null,
      thu: { start: '08:00', end: '17:00' },
      fri: { start: '08:00', end: '17:00' },
      sat: { start: '07:00', end: '21:00' },
      sun: null,
    },
    timeOff: [
      {
        id: '00000000-0000-4000-8000-00000000e001',
        from: '2030-06-14',
        to: '2030-06-16',
        note: 'Cousin’s wedding',
      },
    ],
  },
  { userId: '00000000-0000-4000-8000-00000000d002', name: 'Sam Setup', shifts: null, timeOff: [] },
];

type Routes = Parameters<typeof stubServer>[0];

/** The signed-in shell, the schedule and its blackouts, and the inventory the dialog picks from. */
export function scheduleServer(routes: Routes = {}, roles: string[] = signedInSession.user.roles) {
  return stubServer({
    ...signedInShellRoutes(roles),
    'GET /api/schedule': () => Response.json(schedule),
    'GET /api/schedule/blackouts': () => Response.json({ blackouts }),
    'GET /api/schedule/staff': () => Response.json({ members: staff }),
    'GET /api/categories': () => Response.json({ categories }),
    ...productListRoute(products),
    ...routes,
  });
}

export const PAGE_LOAD = { timeout: 5_000 };
export const APP_TEST = { timeout: 15_000 };
