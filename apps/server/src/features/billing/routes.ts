import {
  billingCheckoutInputSchema,
  billingCheckoutResponseSchema,
  billingConfirmInputSchema,
  billingOverviewSchema,
  billingPlanChangeInputSchema,
} from '@tentpole/domain';
import { readJson } from '../../http/read-body.js';
import type { RouteDef } from '../../http/route-table.js';
import type { FeatureContext } from '../feature.js';
import {
  billingOverview,
  changePlan,
  confirmBillingCheckout,
  startBillingCheckout,
} from './service.js';

const tag = 'Billing';
// Paying is how a read-only account becomes writable again: these writes stay open to it.
const PAYING = 'paying is how a read-only account is unlocked';

/** §13: the account's own Tentpole subscription (`/account?tab=billing`). */
export function billingRoutes({ db, clock, payments }: FeatureContext): RouteDef[] {
  return [
    {
      method: 'GET',
      path: '/api/billing',
      access: { permission: 'account.read' },
      summary: '§13: the plan, usage this month against its limits, the card and past invoices.',
      tag,
      response: billingOverviewSchema,
      async handler(c) {
        return c.json(await billingOverview(db, payments, c.get('user').accountId, clock()));
      },
    },
    {
      method: 'POST',
      path: '/api/billing/checkout',
      access: { permission: 'account.write' },
      whileReadOnly: PAYING,
      summary:
        'A Checkout Session: setup mode adds a payment method, subscription mode starts a paid plan.',
      tag,
      request: billingCheckoutInputSchema,
      response: billingCheckoutResponseSchema,
      status: 201,
      errors: [409, 503],
      async handler(c) {
        const input = await readJson(c, billingCheckoutInputSchema);
        const url = await startBillingCheckout(db, payments, c.get('user').accountId, input);
        return c.json({ url }, 201);
      },
    },
    {
      method: 'POST',
      path: '/api/billing/confirm',
      access: { permission: 'account.write' },
      whileReadOnly: PAYING,
      summary:
        'The return from Checkout: the session is settled now (as its webhook would) and the tab read again.',
      tag,
      request: billingConfirmInputSchema,
      response: billingOverviewSchema,
      errors: [409, 503],
      async handler(c) {
        const { sessionId } = await readJson(c, billingConfirmInputSchema);
        const accountId = c.get('user').accountId;
        await confirmBillingCheckout(db, payments, accountId, sessionId);
        return c.json(await billingOverview(db, payments, accountId, clock()));
      },
    },
    {
      method: 'PUT',
      path: '/api/billing/plan',
      access: { permission: 'account.write' },
      whileReadOnly: PAYING,
      summary:
        'Change plan on the card on file: up or across at once, back to free at the period end; 409 below current usage.',
      tag,
      request: billingPlanChangeInputSchema,
      response: billingOverviewSchema,
      errors: [409, 503],
      async handler(c) {
        const { tier } = await readJson(c, billingPlanChangeInputSchema);
        const accountId = c.get('user').accountId;
        await changePlan(db, payments, accountId, tier, clock());
        return c.json(await billingOverview(db, payments, accountId, clock()));
      },
    },
  ];
}
