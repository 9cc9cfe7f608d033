import {
  customerInputSchema,
  customerListQuerySchema,
  customerPatchSchema,
} from '@tentpole/domain';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '../../db/client.js';
import { calls as callsTable } from '../../db/schema.js';
import type { AppEnv } from '../../http/app-env.js';
import { AppError, notFound } from '../../http/app-error.js';
import { isUniqueViolation } from '../../http/db-errors.js';
import { isUuid } from '../../http/is-uuid.js';
import { readJson, readQuery } from '../../http/read-body.js';
import type { RouteDef } from '../../http/route-table.js';
import { customerMessages } from '../messaging/queries.js';
import { listCalls } from '../phone/call-log.js';
import {
  customerDocuments,
  customerJourney,
  customerOrders,
  findCustomer,
  findDuplicates,
  insertCustomer,
  searchCustomers,
  updateCustomer,
} from './queries.js';

type Duplicate = Awaited<ReturnType<typeof findDuplicates>>[number];

/** 409 naming the customer who already has this e-mail or phone number. */
function duplicateError(existing: Duplicate, email: string | undefined) {
  const name = `${existing.firstName} ${existing.lastName}`;
  const field =
    email && existing.email.toLowerCase() === email.toLowerCase() ? 'email' : 'phoneNumber';
  const what = field === 'email' ? 'e-mail address' : 'phone number';
  return new AppError(
    'conflict',
    `${name} already has this ${what}.`,
    {
      [field]: [`${name} already has this ${what}.`],
    },
    { existingCustomer: { id: existing.id, name } },
  );
}

export function customerRoutes(db: Db): RouteDef[] {
  // Every /api/customers/:id route: the customer of the active account, or a 404.
  async function customerOf(c: Context<AppEnv>) {
    const id = c.req.param('id');
    const customer = isUuid(id) ? await findCustomer(db, c.get('user').accountId, id) : null;
    if (!customer) throw notFound('Customer');
    return customer;
  }

  return [
    {
      method: 'GET',
      path: '/api/customers',
      access: { permission: 'customer.read' },
      async handler(c) {
        const query = readQuery(c, customerListQuerySchema);
        return c.json(await searchCustomers(db, c.get('user').accountId, query));
      },
    },
    {
      method: 'POST',
      path: '/api/customers',
      access: { permission: 'customer.write' },
      async handler(c) {
        const input = await readJson(c, customerInputSchema);
        const accountId = c.get('user').accountId;
        const [existing] = await findDuplicates(db, accountId, input);
        if (existing) throw duplicateError(existing, input.email);
        try {
          return c.json({ customer: await insertCustomer(db, accountId, input) }, 201);
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          // Someone else saved the same e-mail or number a moment ago.
          const [raced] = await findDuplicates(db, accountId, input);
          if (raced) throw duplicateError(raced, input.email);
          throw error;
        }
      },
    },
    {
      method: 'GET',
      path: '/api/customers/:id',
      access: { permission: 'customer.read' },
      async handler(c) {
        return c.json({ customer: await customerOf(c) });
      },
    },
    {
      method: 'PATCH',
      path: '/api/customers/:id',
      access: { permission: 'customer.write' },
      async handler(c) {
        const { id } = await customerOf(c);
        const patch = await readJson(c, customerPatchSchema);
        const accountId = c.get('user').accountId;
        const [existing] = await findDuplicates(db, accountId, patch, id);
        if (existing) throw duplicateError(existing, patch.email);
        try {
          const customer = await updateCustomer(db, accountId, id, patch);
          if (!customer) throw notFound('Customer');
          return c.json({ customer });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          const [raced] = await findDuplicates(db, accountId, patch, id);
          if (raced) throw duplicateError(raced, patch.email);
          throw error;
        }
      },
    },
    {
      method: 'GET',
      path: '/api/customers/:id/orders',
      access: { permission: 'customer.read' },
      async handler(c) {
        const { id } = await customerOf(c);
        return c.json({ orders: await customerOrders(db, c.get('user').accountId, id) });
      },
    },
    {
      method: 'GET',
      path: '/api/customers/:id/documents',
      access: { permission: 'customer.read' },
      async handler(c) {
        const { id } = await customerOf(c);
        return c.json({ documents: await customerDocuments(db, c.get('user').accountId, id) });
      },
    },
    {
      // Read whole by the client (spec §7): the customer's calls and texts.
      method: 'GET',
      path: '/api/customers/:id/phone',
      access: { permission: 'customer.read' },
      async handler(c) {
        const { id } = await customerOf(c);
        const accountId = c.get('user').accountId;
        const [calls, texts] = await Promise.all([
          listCalls(db, accountId, 'all', eq(callsTable.customerId, id)),
          customerMessages(db, accountId, id),
        ]);
        return c.json({ calls, messages: texts });
      },
    },
    {
      method: 'GET',
      path: '/api/customers/:id/journey',
      access: { permission: 'customer.read' },
      async handler(c) {
        const { id } = await customerOf(c);
        return c.json({ journey: await customerJourney(db, c.get('user').accountId, id) });
      },
    },
  ];
}
