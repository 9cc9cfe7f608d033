import {
  blackoutInputSchema,
  blackoutListResponseSchema,
  blackoutPatchSchema,
  blackoutResponseSchema,
  localDate,
  scheduleInputSchema,
  scheduleResponseSchema,
  staffScheduleMemberResponseSchema,
  staffScheduleResponseSchema,
  staffShiftsInputSchema,
  timeOffInputSchema,
  timeOffResponseSchema,
} from '@tentpole/domain';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import { notFound } from '../../http/app-error.js';
import { isUuid } from '../../http/is-uuid.js';
import { readJson } from '../../http/read-body.js';
import type { RouteDef } from '../../http/route-table.js';
import { accountTimezone } from '../accounts/queries.js';
import type { FeatureContext } from '../feature.js';
import { listBlackouts, scheduleOf, staffSchedule } from './queries.js';
import {
  addTimeOff,
  createBlackout,
  deleteBlackout,
  deleteTimeOff,
  saveSchedule,
  saveShifts,
  updateBlackout,
} from './service.js';

const tag = 'Schedule';
// back-office spec §1–§2: the schedule is one of the account's settings.
const read = { permission: 'account.read' } as const;
const write = { permission: 'account.write' } as const;
// Decision 0051: shifts and time off are about the team.
const staffRead = { permission: 'staff.others.read' } as const;
const staffWrite = { permission: 'staff.others.write' } as const;

/** back-office spec §12 Schedule: hours, service hours, booking rules and blackout dates. */
export function scheduleRoutes({ db, clock }: FeatureContext): RouteDef[] {
  const accountOf = (c: Context<AppEnv>) => c.get('user').accountId;
  const idOf = (c: Context<AppEnv>) => {
    const id = c.req.param('id');
    if (!isUuid(id)) throw notFound('Blackout');
    return id;
  };
  const memberIdOf = (c: Context<AppEnv>) => {
    const id = c.req.param('userId');
    if (!isUuid(id)) throw notFound('Member');
    return id;
  };
  const todayOf = async (c: Context<AppEnv>) =>
    localDate(clock(), await accountTimezone(db, accountOf(c)));
  const memberBody = async (c: Context<AppEnv>, userId: string) => {
    const [member] = await staffSchedule(db, accountOf(c), await todayOf(c), userId);
    if (!member) throw notFound('Member');
    return { member };
  };
  return [
    {
      method: 'GET',
      path: '/api/schedule/staff',
      access: staffRead,
      summary: "Each member's weekly shifts (null: none set) and their time off from today on.",
      tag,
      response: staffScheduleResponseSchema,
      async handler(c) {
        return c.json({ members: await staffSchedule(db, accountOf(c), await todayOf(c)) });
      },
    },
    {
      method: 'PUT',
      path: '/api/schedule/staff/:userId/shifts',
      access: staffWrite,
      summary: "Saves a member's week of shifts, whole; null clears it.",
      tag,
      request: staffShiftsInputSchema,
      response: staffScheduleMemberResponseSchema,
      async handler(c) {
        const userId = memberIdOf(c);
        const { shifts } = await readJson(c, staffShiftsInputSchema);
        await saveShifts(db, accountOf(c), userId, shifts, clock());
        return c.json(await memberBody(c, userId));
      },
    },
    {
      method: 'POST',
      path: '/api/schedule/staff/:userId/time-off',
      access: staffWrite,
      summary: 'Days off for a member, both ends included.',
      tag,
      request: timeOffInputSchema,
      response: timeOffResponseSchema,
      status: 201,
      async handler(c) {
        const userId = memberIdOf(c);
        const input = await readJson(c, timeOffInputSchema);
        return c.json({ timeOff: await addTimeOff(db, accountOf(c), userId, input) }, 201);
      },
    },
    {
      method: 'DELETE',
      path: '/api/schedule/time-off/:id',
      access: staffWrite,
      summary: 'Deletes time off.',
      tag,
      response: { kind: 'empty', description: 'Deleted' },
      status: 204,
      async handler(c) {
        const id = c.req.param('id');
        if (!isUuid(id)) throw notFound('Time off');
        await deleteTimeOff(db, accountOf(c), id);
        return c.body(null, 204);
      },
    },
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
