import {
  customerDocumentsResponseSchema,
  customerInputSchema,
  customerJourneyResponseSchema,
  customerListQuerySchema,
  customerListResponseSchema,
  customerOrdersResponseSchema,
  customerPatchSchema,
  customerPhoneResponseSchema,
  customerResponseSchema,
  INVALID_PHONE_NUMBER_MESSAGE,
} from '@tentpole/domain';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/app-env.js';
import { notFound } from '../../http/app-error.js';
import { isUuid } from '../../http/is-uuid.js';
import { readJson, readQuery } from '../../http/read-body.js';
import type { RouteDef } from '../../http/route-table.js';
import { checkPossibleNumber } from '../../telephony/possible-number.js';
import type { FeatureContext } from '../feature.js';
import { customerDocuments, customerOrders } from '../orders/queries.js';
import { customerCalls } from '../phone/queries.js';
import { customerMessages } from '../phone/texts/queries.js';
import { findCustomer, searchCustomers } from './queries.js';
import { changeCustomer, createCustomer, customerJourney } from './service.js';

const tag = 'Customers';

// The server's checks on top of the form's (issue 14): the spec's form shows no e-mail format
// check, but what is stored must be an address mail can reach, and a phone number one a carrier
// can dial.
const CUSTOMER_EMAIL_INVALID_MESSAGE = 'Email must be an email address';
const emailFormat = z.email();
function serverChecks(
  value: { email?: string | undefined; phoneNumber?: string | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.email !== undefined && !emailFormat.safeParse(value.email).success)
    ctx.addIssue({ code: 'custom', path: ['email'], message: CUSTOMER_EMAIL_INVALID_MESSAGE });
  checkPossibleNumber(ctx, ['phoneNumber'], value.phoneNumber, INVALID_PHONE_NUMBER_MESSAGE);
}
// `sharePhoneNumber`: save a number another customer has (a family or a company shares one:
// decision 0062); without it that number is a 409 naming the other customer.
const shareOption = { sharePhoneNumber: z.boolean().optional() };
const customerRequestSchema = customerInputSchema.extend(shareOption).superRefine(serverChecks);
const customerPatchRequestSchema = customerPatchSchema
  .extend(shareOption)
  .superRefine(serverChecks);

export function customerRoutes({ db, journey }: FeatureContext): RouteDef[] {
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
      summary: 'Search and page through customers.',
      tag,
      query: customerListQuerySchema,
      response: customerListResponseSchema,
      async handler(c) {
        const query = readQuery(c, customerListQuerySchema);
        return c.json(await searchCustomers(db, c.get('user').accountId, query));
      },
    },
    {
      method: 'POST',
      path: '/api/customers',
      access: { permission: 'customer.write' },
      summary: 'Add a customer.',
      tag,
      request: customerRequestSchema,
      response: customerResponseSchema,
      status: 201,
      errors: [409],
      async handler(c) {
        const { sharePhoneNumber, ...input } = await readJson(c, customerRequestSchema);
        const customer = await createCustomer(db, c.get('user').accountId, input, {
          sharePhoneNumber,
        });
        return c.json({ customer }, 201);
      },
    },
    {
      method: 'GET',
      path: '/api/customers/:id',
      access: { permission: 'customer.read' },
      summary: 'One customer.',
      tag,
      response: customerResponseSchema,
      async handler(c) {
        return c.json({ customer: await customerOf(c) });
      },
    },
    {
      method: 'PATCH',
      path: '/api/customers/:id',
      access: { permission: 'customer.write' },
      summary: "Change a customer's fields.",
      tag,
      request: customerPatchRequestSchema,
      response: customerResponseSchema,
      errors: [409],
      async handler(c) {
        const { id } = await customerOf(c);
        const { sharePhoneNumber, ...patch } = await readJson(c, customerPatchRequestSchema);
        const customer = await changeCustomer(db, c.get('user').accountId, id, patch, {
          sharePhoneNumber,
        });
        return c.json({ customer });
      },
    },
    {
      method: 'GET',
      path: '/api/customers/:id/orders',
      access: { permission: 'customer.read' },
      summary: "A customer's orders with lines and payments.",
      tag,
      response: customerOrdersResponseSchema,
      async handler(c) {
        const { id } = await customerOf(c);
        return c.json({ orders: await customerOrders(db, c.get('user').accountId, id) });
      },
    },
    {
      method: 'GET',
      path: '/api/customers/:id/documents',
      access: { permission: 'customer.read' },
      summary: "A customer's quotes, invoices and contracts.",
      tag,
      response: customerDocumentsResponseSchema,
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
      summary: "A customer's calls and texts.",
      tag,
      response: customerPhoneResponseSchema,
      async handler(c) {
        const { id } = await customerOf(c);
        const accountId = c.get('user').accountId;
        const [calls, texts] = await Promise.all([
          customerCalls(db, accountId, id),
          customerMessages(db, accountId, id),
        ]);
        return c.json({ calls, messages: texts });
      },
    },
    {
      method: 'GET',
      path: '/api/customers/:id/journey',
      access: { permission: 'customer.read' },
      summary: 'Everything that happened with a customer, newest first.',
      tag,
      response: customerJourneyResponseSchema,
      async handler(c) {
        const { id } = await customerOf(c);
        const rows = await customerJourney(db, c.get('user').accountId, id, journey);
        return c.json({ journey: rows });
      },
    },
  ];
}
