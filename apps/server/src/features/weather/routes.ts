import {
  WEATHER_OFFER_STATES,
  weatherBoardResponseSchema,
  weatherCheckResponseSchema,
  weatherChoiceRequestSchema,
  weatherPolicyResponseSchema,
  weatherPolicySchema,
  weatherTextRequestSchema,
  weatherTextResponseSchema,
} from '@tentpole/domain';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/app-env.js';
import { AppError, notFound } from '../../http/app-error.js';
import { isUuid } from '../../http/is-uuid.js';
import { readJson } from '../../http/read-body.js';
import type { RouteDef } from '../../http/route-table.js';
import { deliveryServices } from '../delivery/queries.js';
import type { FeatureContext } from '../feature.js';
import { createForecasts } from './forecast.js';
import {
  applyChoiceForCustomer,
  checkWeather,
  policyResponse,
  savePolicy,
  sendWeatherOffers,
  weatherBoard,
} from './service.js';

const tag = 'Weather';
// The weather board is the deliveries' page: who may see the day's deliveries sees it; who may
// plan them sets the policy, runs a check, texts customers and applies a choice for them.
const read = { permission: 'delivery.read' } as const;
const write = { permission: 'delivery.write' } as const;

/** Issue 24 item 6: the weather board (decision 0061). */
export function weatherRoutes(context: FeatureContext): RouteDef[] {
  const { db, clock } = context;
  const forecasts = context.weatherUrl ? createForecasts(context.weatherUrl) : null;
  const { geocoder } = deliveryServices();
  const accountOf = (c: Context<AppEnv>) => c.get('user').accountId;
  return [
    {
      method: 'GET',
      path: '/api/weather/policy',
      access: read,
      summary: "The account's weather policy (the defaults until it saves one) and its categories.",
      tag,
      response: weatherPolicyResponseSchema,
      async handler(c) {
        return c.json(await policyResponse(db, accountOf(c)));
      },
    },
    {
      method: 'PUT',
      path: '/api/weather/policy',
      access: write,
      summary: 'Saves the weather policy whole: the limits and each category’s own.',
      tag,
      request: weatherPolicySchema,
      response: weatherPolicyResponseSchema,
      async handler(c) {
        const policy = await readJson(c, weatherPolicySchema);
        const user = c.get('user');
        return c.json(await savePolicy(db, user.accountId, policy, user.id));
      },
    },
    {
      method: 'GET',
      path: '/api/weather/board',
      access: read,
      summary: 'The orders the last forecast check found at risk, with reasons and reply states.',
      tag,
      response: weatherBoardResponseSchema,
      async handler(c) {
        return c.json(await weatherBoard(db, accountOf(c), clock()));
      },
    },
    {
      method: 'POST',
      path: '/api/weather/check',
      access: write,
      summary: 'Checks the forecast now for the booked deliveries of the next three days.',
      tag,
      response: weatherCheckResponseSchema,
      errors: [503],
      async handler(c) {
        if (!forecasts)
          throw new AppError('unavailable', 'No forecast server is configured (WEATHER_URL).');
        return c.json(await checkWeather(db, accountOf(c), { forecasts, geocoder }, clock()));
      },
    },
    {
      method: 'POST',
      path: '/api/weather/texts',
      access: write,
      summary:
        'Texts each flagged customer their options (keep, move, rain-check credit), once per order and date.',
      tag,
      request: weatherTextRequestSchema,
      response: weatherTextResponseSchema,
      async handler(c) {
        const { orderIds } = await readJson(c, weatherTextRequestSchema);
        const user = c.get('user');
        const result = await sendWeatherOffers(db, user.accountId, user.id, orderIds, clock());
        if (result.texted > 0) context.realtime?.worker.kick();
        return c.json(result);
      },
    },
    {
      method: 'POST',
      path: '/api/weather/orders/:id/choice',
      access: write,
      summary:
        "Applies a customer's choice for them (they called): 1 keep, 2 move to the offered date, 3 rain-check credit.",
      tag,
      request: weatherChoiceRequestSchema,
      response: z.object({ state: z.enum(WEATHER_OFFER_STATES), note: z.string().nullable() }),
      errors: [404, 409],
      async handler(c) {
        const id = c.req.param('id');
        if (!isUuid(id)) throw notFound('Order');
        const { choice } = await readJson(c, weatherChoiceRequestSchema);
        const user = c.get('user');
        const outcome = await applyChoiceForCustomer(
          db,
          user.accountId,
          id,
          choice,
          user.id,
          clock(),
        );
        context.realtime?.worker.kick();
        return c.json({ state: outcome.state, note: outcome.note });
      },
    },
  ];
}
