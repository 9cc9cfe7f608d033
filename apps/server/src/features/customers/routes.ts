import type { Db } from '../../db/client.js';
import { notFound } from '../../http/app-error.js';
import { isUuid } from '../../http/is-uuid.js';
import type { RouteDef } from '../../http/route-table.js';
import { findCustomer } from './queries.js';

export function customerRoutes(db: Db): RouteDef[] {
  return [
    {
      method: 'GET',
      path: '/api/customers/:id',
      access: { permission: 'customer.read' },
      async handler(c) {
        const id = c.req.param('id');
        // Another account's customer and a malformed id are both simply not found.
        const customer = isUuid(id) ? await findCustomer(db, c.get('user').accountId, id) : null;
        if (!customer) throw notFound('Customer');
        return c.json({ customer });
      },
    },
  ];
}
