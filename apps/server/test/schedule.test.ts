import { DEFAULT_SCHEDULE } from '@tentpole/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blackoutsHitting, scheduleOf } from '../src/features/schedule/queries.js';
import { apiCall } from './helpers/api.js';
import { createAccountWithUser } from './helpers/fixtures.js';
import type { HttpClient } from './helpers/http-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Issue 23 item 2: the schedule (back-office spec §12) through its API, on accounts of its own.

let server: TestServer;
let owner: HttpClient;
let reader: HttpClient;
let outsider: HttpClient;
let accountId: string;
const NOW = new Date('2026-06-01T12:00:00Z');
const CHICAGO = 'America/Chicago';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string[]> } };
type Blackout = {
  id: string;
  name: string;
  scope: string;
  targetIds: string[];
  kind: string;
  startDate: string;
  endDate: string;
  rrule: string | null;
  until: string | null;
};

async function blackout(fields: Record<string, unknown>) {
  const { status, body } = await apiCall<Blackout>(
    owner,
    'POST',
    '/api/schedule/blackouts',
    fields,
  );
  expect(status).toBe(201);
  return body;
}

beforeAll(async () => {
  server = await startTestServer({ seed: false, now: NOW });
  const account = await createAccountWithUser(server.db, {
    name: 'Schedule Rentals',
    email: 'schedule-owner@tentpole.test',
    settings: { timezone: CHICAGO, currency: 'USD' },
  });
  accountId = account.accountId;
  await createAccountWithUser(server.db, {
    name: 'Schedule Reader',
    email: 'schedule-reader@tentpole.test',
    roles: ['tentpole:account.read'],
  });
  await createAccountWithUser(server.db, {
    name: 'Other Rentals',
    email: 'schedule-outsider@tentpole.test',
  });
  owner = await server.signIn(account.email);
  reader = await server.signIn('schedule-reader@tentpole.test');
  outsider = await server.signIn('schedule-outsider@tentpole.test');
});
afterAll(() => server?.close());

describe('the schedule API', () => {
  it('answers the defaults in the account’s time zone until the schedule is saved', async () => {
    const { status, body } = await apiCall(owner, 'GET', '/api/schedule');
    expect(status).toBe(200);
    expect(body).toEqual({ ...DEFAULT_SCHEDULE, timeZone: CHICAGO, updatedAt: null });
  });

  it('saves hours, service hours and rules, and answers them back', async () => {
    const schedule = {
      ...DEFAULT_SCHEDULE,
      businessHours: {
        ...DEFAULT_SCHEDULE.businessHours,
        sat: {
          closed: false,
          intervals: [
            { open: '10:00', close: '12:00' },
            { open: '13:00', close: '16:00' },
          ],
        },
      },
      serviceHours: { ...DEFAULT_SCHEDULE.serviceHours, sun: null },
      bookingRules: { minNoticeHours: 48, maxAdvanceDays: 180, maxDeliveriesPerDay: 6 },
    };
    const saved = await apiCall(owner, 'PUT', '/api/schedule', schedule);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ...schedule, timeZone: CHICAGO, updatedAt: NOW.toISOString() });
    expect((await apiCall(owner, 'GET', '/api/schedule')).body).toEqual(saved.body);
    expect(await scheduleOf(server.db, accountId)).toEqual(saved.body);
  });

  it('answers field errors for bad hours and rules, never a 500', async () => {
    const bad = await apiCall<ErrorBody>(owner, 'PUT', '/api/schedule', {
      ...DEFAULT_SCHEDULE,
      businessHours: {
        ...DEFAULT_SCHEDULE.businessHours,
        mon: { closed: false, intervals: [{ open: '17:00', close: '09:00' }] },
      },
      bookingRules: { minNoticeHours: 'soon', maxAdvanceDays: 0, maxDeliveriesPerDay: null },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      'businessHours.mon.intervals.0.close': ['Closing time must be after opening time'],
      'bookingRules.minNoticeHours': ['Enter the minimum notice as a whole number'],
      'bookingRules.maxAdvanceDays': ['The maximum advance must be at least 1'],
    });
    const missing = await apiCall<ErrorBody>(owner, 'PUT', '/api/schedule', {});
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.error.fields ?? {})).toEqual([
      'businessHours',
      'serviceHours',
      'bookingRules',
    ]);
    expect((await apiCall(owner, 'PUT', '/api/schedule', '{not json')).status).toBe(400);
  });

  it('creates, lists, changes and deletes a recurring blackout', async () => {
    const made = await blackout({
      name: 'Independence Day',
      startDate: '2026-07-04',
      rrule: 'rrule:freq=yearly;bymonth=7;bymonthday=4',
    });
    expect(made).toMatchObject({
      name: 'Independence Day',
      scope: 'business',
      kind: 'hard',
      startDate: '2026-07-04',
      endDate: '2026-07-04',
      rrule: 'FREQ=YEARLY;BYMONTH=7;BYMONTHDAY=4',
      until: null,
    });
    const list = await apiCall<{ blackouts: Blackout[] }>(owner, 'GET', '/api/schedule/blackouts');
    expect(list.body.blackouts.map((b) => b.id)).toContain(made.id);

    const changed = await apiCall<Blackout>(owner, 'PATCH', `/api/schedule/blackouts/${made.id}`, {
      kind: 'online_only',
      until: '2030-12-31',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ kind: 'online_only', until: '2030-12-31' });
    // Without a repeat, a blackout has no last repeat.
    const once = await apiCall<Blackout>(owner, 'PATCH', `/api/schedule/blackouts/${made.id}`, {
      rrule: null,
    });
    expect(once.body).toMatchObject({ rrule: null, until: null });

    expect((await apiCall(owner, 'DELETE', `/api/schedule/blackouts/${made.id}`)).status).toBe(204);
    expect((await apiCall(owner, 'DELETE', `/api/schedule/blackouts/${made.id}`)).status).toBe(404);
    const after = await apiCall<{ blackouts: Blackout[] }>(owner, 'GET', '/api/schedule/blackouts');
    expect(after.body.blackouts.map((b) => b.id)).not.toContain(made.id);
  });

  it('answers field errors for a bad blackout, also when a patch makes it bad', async () => {
    const bad = await apiCall<ErrorBody>(owner, 'POST', '/api/schedule/blackouts', {
      name: '',
      startDate: '2026-02-30',
      rrule: 'every Sunday',
      scope: 'category',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      name: ['Enter a name'],
      startDate: ['Enter a real date'],
      rrule: ['Enter a valid repeat rule'],
    });
    const made = await blackout({
      name: 'Spring break',
      startDate: '2026-03-14',
      endDate: '2026-03-22',
    });
    const patched = await apiCall<ErrorBody>(owner, 'PATCH', `/api/schedule/blackouts/${made.id}`, {
      endDate: '2026-03-01',
    });
    expect(patched.status).toBe(400);
    expect(patched.body.error.fields).toEqual({
      endDate: ['The blackout must end on or after it starts'],
    });
    const scoped = await apiCall<ErrorBody>(owner, 'PATCH', `/api/schedule/blackouts/${made.id}`, {
      scope: 'product',
    });
    expect(scoped.body.error.fields).toEqual({ targetIds: ['Choose at least one product'] });
  });

  it("refuses another account's categories and products as targets", async () => {
    const { body } = await apiCall<{ category: { id: string } }>(
      outsider,
      'POST',
      '/api/categories',
      {
        name: 'Not yours',
      },
    );
    const refused = await apiCall<ErrorBody>(owner, 'POST', '/api/schedule/blackouts', {
      name: 'Theirs',
      startDate: '2026-07-04',
      scope: 'category',
      targetIds: [body.category.id],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ targetIds: ['Unknown category'] });
  });

  it("answers 404 for another account's blackout and never lists it", async () => {
    const mine = await blackout({ name: 'Private', startDate: '2026-08-01' });
    for (const method of ['PATCH', 'DELETE']) {
      const { status } = await apiCall(outsider, method, `/api/schedule/blackouts/${mine.id}`, {
        name: 'Taken',
      });
      expect(status, method).toBe(404);
    }
    const theirs = await apiCall<{ blackouts: Blackout[] }>(
      outsider,
      'GET',
      '/api/schedule/blackouts',
    );
    expect(theirs.body.blackouts).toEqual([]);
    expect((await apiCall(owner, 'PATCH', '/api/schedule/blackouts/not-a-uuid', {})).status).toBe(
      404,
    );
  });

  it('lets a member with account.read look but not change anything', async () => {
    expect((await apiCall(reader, 'GET', '/api/schedule')).status).toBe(200);
    expect((await apiCall(reader, 'GET', '/api/schedule/blackouts')).status).toBe(200);
    const refused = await apiCall<ErrorBody>(reader, 'PUT', '/api/schedule', DEFAULT_SCHEDULE);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain('Missing permission account.write');
  });
});

describe('blackoutsHitting', () => {
  let castle: string;
  let tent: string;
  let inflatables: string;

  beforeAll(async () => {
    const parent = await apiCall<{ category: { id: string } }>(owner, 'POST', '/api/categories', {
      name: 'Inflatables',
    });
    inflatables = parent.body.category.id;
    const water = await apiCall<{ category: { id: string } }>(owner, 'POST', '/api/categories', {
      name: 'Water slides',
      parentId: inflatables,
    });
    const product = async (name: string, categoryId: string | null) =>
      (
        await apiCall<{ product: { id: string } }>(owner, 'POST', '/api/products', {
          name,
          quantity: 5,
          categoryId,
          pricing: { mode: 'daily', tiers: [{ hours: 24, amount: 10_000 }] },
        })
      ).body.product.id;
    castle = await product('Splash Castle', water.body.category.id);
    tent = await product('Party Tent', null);
    await blackout({
      name: 'Sundays online',
      kind: 'online_only',
      startDate: '2026-01-04',
      rrule: 'FREQ=WEEKLY;BYDAY=SU',
    });
    await blackout({
      name: 'Slides off for service',
      scope: 'category',
      targetIds: [inflatables],
      startDate: '2026-03-06',
      endDate: '2026-03-07',
    });
    await blackout({
      name: 'Tent show',
      scope: 'product',
      targetIds: [tent],
      startDate: '2026-11-01',
    });
  });

  const hitting = (eventStart: string, eventEnd: string, productIds: string[]) =>
    blackoutsHitting(server.db, accountId, { eventStart, eventEnd, productIds, timeZone: CHICAGO });

  it("reads a weekly rule on the account's local days across the March clock change", async () => {
    // Sunday 8 March 2026 is the day daylight time starts: 10:00–16:00 CDT is 15:00–21:00 UTC.
    const hits = await hitting('2026-03-08T15:00:00Z', '2026-03-08T21:00:00Z', [tent]);
    expect(hits).toEqual([
      {
        id: expect.any(String),
        name: 'Sundays online',
        kind: 'online_only',
        scope: 'business',
        days: ['2026-03-08'],
        productIds: [tent],
      },
    ]);
  });

  it('does not count a Saturday evening as Sunday because it is Sunday in UTC', async () => {
    // Saturday 7 March, 20:00–23:30 CST is Sunday 02:00–05:30 UTC.
    expect(await hitting('2026-03-08T02:00:00Z', '2026-03-08T05:30:00Z', [tent])).toEqual([]);
    // An event ending at midnight does not reach into Sunday either.
    expect(await hitting('2026-03-07T20:00:00Z', '2026-03-08T06:00:00Z', [tent])).toEqual([]);
  });

  it('finds the Sunday after the November clock change, in the account’s time zone', async () => {
    // Sunday 1 November 2026, 00:30 CDT (05:30 UTC), to Monday 2 November 10:00 CST.
    const hits = await hitting('2026-11-01T05:30:00Z', '2026-11-02T16:00:00Z', [castle, tent]);
    expect(hits.map((h) => [h.name, h.days, h.productIds])).toEqual([
      ['Sundays online', ['2026-11-01'], [castle, tent]],
      ['Tent show', ['2026-11-01'], [tent]],
    ]);
  });

  it('reaches a subcategory’s product through its parent category, and only that product', async () => {
    const hits = await hitting('2026-03-06T15:00:00Z', '2026-03-06T23:00:00Z', [castle, tent]);
    expect(hits.map((h) => [h.name, h.kind, h.days, h.productIds])).toEqual([
      ['Slides off for service', 'hard', ['2026-03-06'], [castle]],
    ]);
    expect(await hitting('2026-03-06T15:00:00Z', '2026-03-06T23:00:00Z', [tent])).toEqual([]);
  });

  it('reads the account’s time zone when none is given, and never another account’s blackouts', async () => {
    const hits = await blackoutsHitting(server.db, accountId, {
      eventStart: new Date('2026-03-08T15:00:00Z'),
      eventEnd: new Date('2026-03-08T21:00:00Z'),
      productIds: [],
    });
    expect(hits.map((h) => h.name)).toEqual(['Sundays online']);
    const other = await createAccountWithUser(server.db, {
      name: 'Quiet Rentals',
      email: 'schedule-quiet@tentpole.test',
    });
    expect(
      await blackoutsHitting(server.db, other.accountId, {
        eventStart: '2026-03-08T15:00:00Z',
        eventEnd: '2026-03-08T21:00:00Z',
        productIds: [],
      }),
    ).toEqual([]);
  });
});
