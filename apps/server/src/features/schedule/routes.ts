import {
  blackoutInputSchema,
  blackoutListResponseSchema,
  blackoutPatchSchema,
  blackoutResponseSchema,
  scheduleInputSchema,
  scheduleResponseSchema,
} from '@tentpole/domain';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import { notFound } from '../../http/app-error.js';
import { isUuid } from '../../http/is-uuid.js';
import { readJson } from '../../http/read-body.js';
import type { RouteDef } from '../../http/route-table.js';
import type { FeatureContext } from '../feature.js';
import { listBlackouts, scheduleOf } from './queries.js';
import { createBlackout, deleteBlackout, saveSchedule, updateBlackout } from './service.js';

const tag = 'Schedule';
// back-office spec §1–§2: the schedule is one of the account's settings.
const read = { permission: 'account.read' } as const;
const write = { permission: 'account.write' } as const;

/** back-office spec §12 Schedule: hours, service hours, booking rules and blackout dates. */
export function scheduleRoutes({ db, clock }: FeatureContext): RouteDef[] {
  const accountOf = (c: Context<AppEnv>) => c.get('user').accountId;
  const idOf = (c: Context<AppEnv>) => {
    const id = c.req.param('id');
    if (!isUuid(id)) throw notFound('Blackout');
    return id;
  };
  return [
    {
      method: 'GET',
      path: '/api/schedule',
      access: read,
      summary:
        "The account's business hours, service hours and booking rules, with the time zone they are read in (defaults until first saved).",
      tag,
      response: scheduleResponseSchema,
      async handler(c) {
        return c.json(await scheduleOf(db, accountOf(c)));
      },
    },
    {
      method: 'PUT',
      path: '/api/schedule',
      access: write,
      summary: 'Saves the business hours, service hours and booking rules, all three whole.',
      tag,
      request: scheduleInputSchema,
      response: scheduleResponseSchema,
      async handler(c) {
        const input = await readJson(c, scheduleInputSchema);
        return c.json(await saveSchedule(db, accountOf(c), input, clock()));
      },
    },
    {
      method: 'GET',
      path: '/api/schedule/blackouts',
      access: read,
      summary: "The account's blackout dates, one-off and recurring, by first day.",
      tag,
      response: blackoutListResponseSchema,
      async handler(c) {
        return c.json({ blackouts: await listBlackouts(db, accountOf(c)) });
      },
    },
    {
      method: 'POST',
      path: '/api/schedule/blackouts',
      access: write,
      summary:
        'A new blackout: for the business, some categories or some products; hard or online only; once or repeating by an RRULE.',
      tag,
      request: blackoutInputSchema,
      response: blackoutResponseSchema,
      status: 201,
      async handler(c) {
        const input = await readJson(c, blackoutInputSchema);
        return c.json(await createBlackout(db, accountOf(c), input, clock()), 201);
      },
    },
    {
      method: 'PATCH',
      path: '/api/schedule/blackouts/:id',
      access: write,
      summary: 'Changes a blackout; bookings already made are not touched.',
      tag,
      request: blackoutPatchSchema,
      response: blackoutResponseSchema,
      async handler(c) {
        const id = idOf(c);
        const patch = await readJson(c, blackoutPatchSchema);
        return c.json(await updateBlackout(db, accountOf(c), id, patch, clock()));
      },
    },
    {
      method: 'DELETE',
      path: '/api/schedule/blackouts/:id',
      access: write,
      summary: 'Deletes a blackout.',
      tag,
      response: { kind: 'empty', description: 'Deleted' },
      status: 204,
      async handler(c) {
        await deleteBlackout(db, accountOf(c), idOf(c));
        return c.body(null, 204);
      },
    },
  ];
}
