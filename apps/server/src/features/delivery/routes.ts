import {
  deliveryQuoteRequestSchema,
  deliveryQuoteResponseSchema,
  deliverySettingsResponseSchema,
  deliverySettingsSchema,
  depotInputSchema,
  depotListResponseSchema,
  depotPatchSchema,
  depotResponseSchema,
} from '@tentpole/domain';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import { notFound } from '../../http/app-error.js';
import { isUuid } from '../../http/is-uuid.js';
import { readJson } from '../../http/read-body.js';
import type { RouteDef } from '../../http/route-table.js';
import type { FeatureContext } from '../feature.js';
import { deliveryDayRoutes } from './day-routes.js';
import { driverRoutes } from './driver-routes.js';
import {
  deliveryServices,
  deliverySettingsOf,
  findDepot,
  listDepots,
  quoteDelivery,
} from './queries.js';
import { createDepot, deleteDepot, saveDeliverySettings, updateDepot } from './service.js';

const tag = 'Delivery';
const read = { permission: 'delivery.read' } as const;
const write = { permission: 'delivery.write' } as const;

/** back-office spec §7.1: delivery methods, fee rules, depots, and the fee for an address. */
export function deliveryRoutes(context: FeatureContext): RouteDef[] {
  const { db, clock } = context;
  // Built here, at boot, so a bad GEOCODER_URL or OSRM_URL stops the server with its name.
  const services = deliveryServices();
  const accountOf = (c: Context<AppEnv>) => c.get('user').accountId;
  const idOf = (c: Context<AppEnv>) => {
    const id = c.req.param('id');
    if (!isUuid(id)) throw notFound('Depot');
    return id;
  };
  return [
    {
      method: 'GET',
      path: '/api/delivery/settings',
      access: read,
      summary: "The account's delivery methods and fee rules (the defaults until it saves some).",
      tag,
      response: deliverySettingsResponseSchema,
      async handler(c) {
        return c.json({ settings: await deliverySettingsOf(db, accountOf(c)) });
      },
    },
    {
      method: 'PUT',
      path: '/api/delivery/settings',
      access: write,
      summary:
        'Saves the delivery methods and fee rules whole; booked orders keep the fee they were priced with.',
      tag,
      request: deliverySettingsSchema,
      response: deliverySettingsResponseSchema,
      async handler(c) {
        const settings = await readJson(c, deliverySettingsSchema);
        return c.json({
          settings: await saveDeliverySettings(db, accountOf(c), settings, clock()),
        });
      },
    },
    {
      method: 'GET',
      path: '/api/delivery/depots',
      access: read,
      summary: "The account's depots: where deliveries start and fees are measured from.",
      tag,
      response: depotListResponseSchema,
      async handler(c) {
        return c.json({ depots: await listDepots(db, accountOf(c)) });
      },
    },
    {
      method: 'POST',
      path: '/api/delivery/depots',
      access: write,
      summary: 'A new depot, at the pin given or where its address is found.',
      tag,
      request: depotInputSchema,
      response: depotResponseSchema,
      status: 201,
      async handler(c) {
        const input = await readJson(c, depotInputSchema);
        return c.json(await createDepot(db, services, accountOf(c), input, clock()), 201);
      },
    },
    {
      method: 'PATCH',
      path: '/api/delivery/depots/:id',
      access: write,
      summary: 'Changes a depot; a new address without a pin is placed again.',
      tag,
      request: depotPatchSchema,
      response: depotResponseSchema,
      async handler(c) {
        const id = idOf(c);
        const patch = await readJson(c, depotPatchSchema);
        if (!(await findDepot(db, accountOf(c), id))) throw notFound('Depot');
        return c.json(await updateDepot(db, services, accountOf(c), id, patch, clock()));
      },
    },
    {
      method: 'DELETE',
      path: '/api/delivery/depots/:id',
      access: write,
      summary: 'Deletes a depot.',
      tag,
      response: { kind: 'empty', description: 'Deleted' },
      status: 204,
      async handler(c) {
        await deleteDepot(db, accountOf(c), idOf(c));
        return c.body(null, 204);
      },
    },
    {
      method: 'POST',
      path: '/api/delivery/quote',
      access: read,
      summary:
        'The delivery fee for an address, method and window, with how it was reached; or why it is refused.',
      tag,
      request: deliveryQuoteRequestSchema,
      response: deliveryQuoteResponseSchema,
      async handler(c) {
        const input = await readJson(c, deliveryQuoteRequestSchema);
        return c.json(await quoteDelivery(db, accountOf(c), input, services));
      },
    },
    ...deliveryDayRoutes(context, services),
    ...driverRoutes(context, services),
  ];
}
