import {
  deliveryDayQuerySchema,
  deliveryDayResponseSchema,
  deliveryPlanRequestSchema,
  deliveryRoutesSaveSchema,
  vehicleInputSchema,
  vehicleListResponseSchema,
  vehiclePatchSchema,
  vehicleResponseSchema,
} from '@tentpole/domain';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import { notFound } from '../../http/app-error.js';
import { isUuid } from '../../http/is-uuid.js';
import { readJson, readQuery } from '../../http/read-body.js';
import type { RouteDef } from '../../http/route-table.js';
import type { FeatureContext } from '../feature.js';
import { deliveryDay, planDay, saveDayRoutes } from './delivery-day.js';
import type { DeliveryServices } from './queries.js';
import { createVehicle, deleteVehicle, listVehicles, updateVehicle } from './vehicles.js';

const tag = 'Delivery';
const read = { permission: 'delivery.read' } as const;
const write = { permission: 'delivery.write' } as const;

/** back-office spec §7.2, §7.3: vehicles, and the Delivery Manager's day (decision 0040). */
export function deliveryDayRoutes(
  { db, clock }: FeatureContext,
  services: DeliveryServices,
): RouteDef[] {
  const accountOf = (c: Context<AppEnv>) => c.get('user').accountId;
  const idOf = (c: Context<AppEnv>) => {
    const id = c.req.param('id');
    if (!isUuid(id)) throw notFound('Vehicle');
    return id;
  };
  return [
    {
      method: 'GET',
      path: '/api/delivery/vehicles',
      access: read,
      summary: "The account's vehicles: capacity, depot and shift hours.",
      tag,
      response: vehicleListResponseSchema,
      async handler(c) {
        return c.json({ vehicles: await listVehicles(db, accountOf(c)) });
      },
    },
    {
      method: 'POST',
      path: '/api/delivery/vehicles',
      access: write,
      // §13: one more vehicle must be within the plan.
      plan: 'vehicles',
      summary: 'A new vehicle.',
      tag,
      request: vehicleInputSchema,
      response: vehicleResponseSchema,
      status: 201,
      async handler(c) {
        const input = await readJson(c, vehicleInputSchema);
        return c.json({ vehicle: await createVehicle(db, accountOf(c), input, clock()) }, 201);
      },
    },
    {
      method: 'PATCH',
      path: '/api/delivery/vehicles/:id',
      access: write,
      summary: 'Changes a vehicle; an inactive one is left out of plans.',
      tag,
      request: vehiclePatchSchema,
      response: vehicleResponseSchema,
      async handler(c) {
        const id = idOf(c);
        const patch = await readJson(c, vehiclePatchSchema);
        return c.json({ vehicle: await updateVehicle(db, accountOf(c), id, patch, clock()) });
      },
    },
    {
      method: 'DELETE',
      path: '/api/delivery/vehicles/:id',
      access: write,
      summary: 'Deletes a vehicle; the stops on its routes become unassigned.',
      tag,
      response: { kind: 'empty', description: 'Deleted' },
      status: 204,
      async handler(c) {
        await deleteVehicle(db, accountOf(c), idOf(c));
        return c.body(null, 204);
      },
    },
    {
      method: 'GET',
      path: '/api/delivery/day',
      access: read,
      summary:
        "A day's stops (derived from its delivery orders), the saved routes with ETAs, slack and violations, and the stops on no route.",
      tag,
      query: deliveryDayQuerySchema,
      response: deliveryDayResponseSchema,
      async handler(c) {
        const { date } = readQuery(c, deliveryDayQuerySchema);
        return c.json(await deliveryDay(db, services, accountOf(c), date));
      },
    },
    {
      method: 'POST',
      path: '/api/delivery/day/plan',
      access: write,
      summary:
        'Plans the day with the route optimiser (pinned stops stay on their vehicle), saves the routes and answers the day with the stops it could not place and why.',
      tag,
      request: deliveryPlanRequestSchema,
      response: deliveryDayResponseSchema,
      async handler(c) {
        const { date } = await readJson(c, deliveryPlanRequestSchema);
        return c.json(await planDay(db, services, accountOf(c), date, clock()));
      },
    },
    {
      method: 'PUT',
      path: '/api/delivery/day/routes',
      access: write,
      summary:
        "Saves the dispatcher's arrangement of the day's routes whole (drag and drop) and answers the day with ETAs and violations recomputed.",
      tag,
      request: deliveryRoutesSaveSchema,
      response: deliveryDayResponseSchema,
      async handler(c) {
        const body = await readJson(c, deliveryRoutesSaveSchema);
        return c.json(await saveDayRoutes(db, services, accountOf(c), body, clock()));
      },
    },
  ];
}
