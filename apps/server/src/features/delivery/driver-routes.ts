import {
  can,
  deliveryCrewSaveSchema,
  deliveryDayResponseSchema,
  driverDayQuerySchema,
  driverDayResponseSchema,
  loadListQuerySchema,
  loadListResponseSchema,
  sitePhotoQuerySchema,
  stopEventInputSchema,
  stopEventResponseSchema,
  zodFieldErrors,
} from '@tentpole/domain';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import { AppError, notFound } from '../../http/app-error.js';
import { isUuid } from '../../http/is-uuid.js';
import { readJson, readQuery } from '../../http/read-body.js';
import type { RouteDef } from '../../http/route-table.js';
import type { FeatureContext } from '../feature.js';
import { readSitePhoto } from '../orders/queries.js';
import { saveCrew, vehiclesCrewedBy } from './crews.js';
import { deliveryDay, plannedDay } from './delivery-day.js';
import { driverDay, loadList, recordDriverEvent } from './driver-day.js';
import type { DeliveryServices } from './queries.js';
import { encodeStopFiles, readStopFile } from './stop-events.js';

const tag = 'Delivery';

const invalid = (fields: Record<string, string[]>) =>
  new AppError('validation_failed', 'Some fields are not valid.', fields);

/** back-office spec §7.2 crews, §7.4 load lists and the driver's day (decision 0043). */
export function driverRoutes(
  { db, clock, realtime }: FeatureContext,
  services: DeliveryServices,
): RouteDef[] {
  const accountOf = (c: Context<AppEnv>) => c.get('user').accountId;
  return [
    {
      method: 'PUT',
      path: '/api/delivery/day/crew',
      access: { permission: 'delivery.write' },
      summary:
        "Puts team members with delivery.driver on a truck's route for a day (the whole crew; empty clears it).",
      tag,
      request: deliveryCrewSaveSchema,
      response: deliveryDayResponseSchema,
      async handler(c) {
        const input = await readJson(c, deliveryCrewSaveSchema);
        const accountId = accountOf(c);
        const { day: before } = await plannedDay(db, services, accountId, input.date);
        if (!before.routes.some((r) => r.vehicleId === input.vehicleId))
          throw invalid({ vehicleId: ['Choose one of your active vehicles'] });
        await saveCrew(db, accountId, input);
        return c.json(await deliveryDay(db, services, accountId, input.date));
      },
    },
    {
      method: 'GET',
      path: '/api/delivery/load-list',
      access: { permission: 'delivery.read' },
      summary:
        "A load list: every product with its quantity and the components it brings, for one truck's route or the whole day; what comes back from the pickups beside it.",
      tag,
      query: loadListQuerySchema,
      response: loadListResponseSchema,
      async handler(c) {
        const { date, vehicleId } = readQuery(c, loadListQuerySchema);
        return c.json(await loadList(db, services, accountOf(c), date, vehicleId));
      },
    },
    {
      method: 'GET',
      path: '/api/delivery/driver/day',
      access: { permission: 'delivery.driver' },
      summary:
        "The signed-in driver's routes for a day: stops in order with address, window, ETA, items, notes, gate code, the customer's number and what the crew recorded; the load list. No prices.",
      tag,
      query: driverDayQuerySchema,
      response: driverDayResponseSchema,
      async handler(c) {
        const { date } = readQuery(c, driverDayQuerySchema);
        const user = c.get('user');
        return c.json(await driverDay(db, services, user.accountId, user.id, date));
      },
    },
    {
      method: 'GET',
      path: '/api/delivery/driver/routes/:vehicleId',
      access: { permission: 'delivery.driver' },
      summary: "One of the driver's routes for a day; a route they are not on is not found.",
      tag,
      query: driverDayQuerySchema,
      response: driverDayResponseSchema,
      async handler(c) {
        const vehicleId = c.req.param('vehicleId');
        if (!isUuid(vehicleId)) throw notFound('Route');
        const { date } = readQuery(c, driverDayQuerySchema);
        const user = c.get('user');
        return c.json(await driverDay(db, services, user.accountId, user.id, date, vehicleId));
      },
    },
    {
      method: 'POST',
      path: '/api/delivery/driver/events',
      access: { permission: 'delivery.driver' },
      summary:
        'Records what the crew did at a stop (multipart: `event` JSON, with `photo` and `signature` for a delivery, `photo` for a pickup). Idempotent by the event id the phone made: a repeat answers the first record.',
      tag,
      response: stopEventResponseSchema,
      async handler(c) {
        const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
        let raw: unknown;
        try {
          raw = JSON.parse(typeof form.event === 'string' ? form.event : '');
        } catch {
          throw invalid({ event: ['Send the action as JSON in the field "event"'] });
        }
        const parsed = stopEventInputSchema.safeParse(raw);
        if (!parsed.success) throw invalid(zodFieldErrors(parsed.error));
        const file = (value: unknown) => (value instanceof File && value.size > 0 ? value : null);
        const files = await encodeStopFiles(file(form.photo), file(form.signature));
        const result = await recordDriverEvent(
          db,
          services,
          c.get('user'),
          parsed.data,
          files,
          clock(),
        );
        realtime?.worker.kick();
        return c.json(result);
      },
    },
    {
      method: 'GET',
      path: '/api/delivery/driver/site-photos/:id',
      access: { permission: 'delivery.driver' },
      summary:
        "A site photo of an order with a stop on one of the driver's routes that day (decision 0052); any other is not found.",
      tag,
      query: sitePhotoQuerySchema,
      response: { kind: 'image', description: 'The photo (WebP), full size or thumbnail.' },
      async handler(c) {
        const { date, size } = readQuery(c, sitePhotoQuerySchema);
        const id = c.req.param('id');
        const user = c.get('user');
        const photo = isUuid(id) ? await readSitePhoto(db, user.accountId, id, size) : null;
        if (!photo) throw notFound('Photo');
        const mine = await vehiclesCrewedBy(db, user.accountId, date, user.id);
        const day =
          mine.length > 0 ? (await plannedDay(db, services, user.accountId, date)).day : null;
        const onMyRoute = day?.routes.some(
          (r) =>
            mine.includes(r.vehicleId) &&
            r.stops.some((s) => s.stopId.startsWith(`${photo.orderId}:`)),
        );
        if (!onMyRoute) throw notFound('Photo');
        return c.body(new Uint8Array(photo.bytes), 200, {
          'content-type': photo.contentType,
          'cache-control': 'private, max-age=3600',
        });
      },
    },
    {
      method: 'GET',
      path: '/api/delivery/stop-files/:id',
      access: { signedIn: true },
      summary:
        "A delivery's photo or signature, or a pickup's photo: for delivery.read, or for a driver on that route that day.",
      tag,
      response: { kind: 'image', description: 'The photo (WebP) or signature (PNG).' },
      async handler(c) {
        const id = c.req.param('id');
        const user = c.get('user');
        const file = isUuid(id) ? await readStopFile(db, user.accountId, id) : null;
        if (!file) throw notFound('File');
        if (!can(user.roles, 'delivery.read')) {
          const mine =
            can(user.roles, 'delivery.driver') &&
            (await vehiclesCrewedBy(db, user.accountId, file.day, user.id)).includes(
              file.vehicleId,
            );
          if (!mine) throw notFound('File');
        }
        return c.body(new Uint8Array(file.bytes), 200, {
          'content-type': file.contentType,
          'cache-control': 'private, max-age=86400, immutable',
        });
      },
    },
  ];
}
