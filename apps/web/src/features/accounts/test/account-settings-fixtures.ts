import type { AccountSettings } from '@tentpole/domain';
import { stubServer } from '@/test/fake-server';
import { signedInSession, signedInShellRoutes } from '@/test/fixtures';

export const accountSettings: AccountSettings = {
  name: 'Bounce Kingdom',
  timezone: 'America/Chicago',
  currency: 'USD',
  locale: 'en-US',
  business: {
    legalName: 'Bounce Kingdom LLC',
    address: '4700 Burleson Rd\nAustin, TX 78744',
    phone: '(512) 555-0100',
    email: 'hello@bouncekingdom.example',
    website: 'https://bouncekingdom.example',
  },
  orders: {
    taxRateBps: 825,
    taxDeliveryFees: false,
    taxSurfaceFees: true,
    taxDamageWaiver: true,
    damageWaiver: { mode: 'optional', percentBps: 1_000 },
    deposit: { mode: 'percent', percentBps: 2_500, minimum: 5_000 },
  },
  documents: {
    terms: 'Payment is due by the event.',
    contractClauses: '',
    invoiceDueDays: 7,
    numberPrefix: 'INV-',
  },
};

type Routes = Parameters<typeof stubServer>[0];

/** The signed-in shell with the account's settings. */
export function accountSettingsServer(
  routes: Routes = {},
  roles: string[] = signedInSession.user.roles,
) {
  return stubServer({
    ...signedInShellRoutes(roles),
    'GET /api/account/settings': () => Response.json(accountSettings),
    ...routes,
  });
}

/** The wait for the page's first paint on a loaded 2-core machine (see inventory's tests). */
export const PAGE_LOAD = { timeout: 5_000 };
export const APP_TEST = { timeout: 15_000 };
