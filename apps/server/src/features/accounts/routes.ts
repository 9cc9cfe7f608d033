import type { Db } from '../../db/client.js';
import { notFound } from '../../http/app-error.js';
import type { RouteDef } from '../../http/route-table.js';
import { findAccountOverview, listTeams } from './queries.js';

export function accountRoutes(db: Db): RouteDef[] {
  return [
    {
      // Every signed-in user reads their active account's plan (user menu, spec §7).
      method: 'GET',
      path: '/api/account',
      access: { signedIn: true },
      async handler(c) {
        const overview = await findAccountOverview(db, c.get('user').accountId);
        if (!overview) throw notFound('Account');
        return c.json(overview);
      },
    },
    {
      method: 'GET',
      path: '/api/account/teams',
      access: { signedIn: true },
      async handler(c) {
        return c.json({ organizations: await listTeams(db, c.get('user').id) });
      },
    },
  ];
}
