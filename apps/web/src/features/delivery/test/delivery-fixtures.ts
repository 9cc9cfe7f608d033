import type { DeliverySettings, DepotResponse } from '@tentpole/domain';
import { stubServer } from '@/test/fake-server';
import { signedInSession, signedInShellRoutes } from '@/test/fixtures';

export const depotId = '00000000-0000-4000-8000-0000000000e1';

export const settings: DeliverySettings = {
  methods: {
    staffed: { enabled: true, label: 'Delivery and setup', baseFee: 0 },
    drop_off: { enabled: true, label: 'Drop-off', baseFee: 0 },
    pickup: { enabled: true, label: 'Customer pickup' },
  },
  tiers: [
    { upToMiles: 10, fee: 4_000 },
    { upToMiles: 20, fee: 6_000 },
  ],
  perMileBeyond: 250,
  serviceRadiusMiles: 40,
  zipOverrides: [
    { postalCode: '78701', fee: 5_000 },
    { postalCode: '02134', fee: null },
  ],
  windowSurcharges: [{ kind: 'narrower_than', hours: 2, fee: 2_500 }],
  taxable: true,
};

export const depots: DepotResponse[] = [
  {
    id: depotId,
    name: 'Austin warehouse',
    address: { line1: '4700 Burleson Rd', city: 'Austin', region: 'TX', postalCode: '78744' },
    lat: 30.2079,
    lng: -97.7142,
    locatedBy: 'pin',
    createdAt: '2026-05-01T12:00:00.000Z',
  },
];

type Routes = Parameters<typeof stubServer>[0];

/** The signed-in shell with delivery settings and one depot. */
export function deliveryServer(routes: Routes = {}, roles: string[] = signedInSession.user.roles) {
  return stubServer({
    ...signedInShellRoutes(roles),
    'GET /api/delivery/settings': () => Response.json({ settings }),
    'GET /api/delivery/depots': () => Response.json({ depots }),
    ...routes,
  });
}

/** The wait for the page's first paint on a loaded 2-core machine (see inventory's tests). */
export const PAGE_LOAD = { timeout: 5_000 };
export const APP_TEST = { timeout: 15_000 };
