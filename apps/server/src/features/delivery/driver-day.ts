import {
  type DeliveryDay,
  type DriverDay,
  type DriverRoute,
  dateTimeFormat,
  type LatLng,
  type LoadList,
  type LoadListLine,
  type LoadListResponse,
  resolveLocale,
  type StopEventParsed,
  type StopStatus,
  sumLoadList,
} from '@tentpole/domain';
import { eq } from 'drizzle-orm';
import { accounts } from '../../auth/tables.js';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import { enqueue } from '../../jobs/job-queue.js';
import { accountTimezone } from '../accounts/queries.js';
import { OPEN_DOWNTIME_JOB, type OpenDowntimePayload } from '../inventory/queries.js';
import { deliveryStopDetails, sitePhotoIds } from '../orders/queries.js';
import { isOptedOut, queueAutomatedText } from '../phone/texts/queries.js';
import { vehiclesCrewedBy } from './crews.js';
import { plannedDay } from './delivery-day.js';
import type { DeliveryServices } from './queries.js';
import { type EncodedFiles, recordStopEvent, sameEventOrNone, startsOf } from './stop-events.js';

/**
 * back-office spec §7.4 (decision 0043): the driver's day and the load lists. A driver sees
 * only the routes they are on (another route, or a stop on one, is not found), and no money:
 * nothing here reads a price, a total or a balance.
 */

type Details = Awaited<ReturnType<typeof deliveryStopDetails>>[number];

function loadListOf(day: DeliveryDay, stopIds: string[], details: Map<string, Details>): LoadList {
  const kindOf = new Map(day.stops.map((s) => [s.id, s]));
  const items = (kind: 'delivery' | 'pickup'): LoadListLine[] =>
    stopIds.flatMap((id) => {
      const stop = kindOf.get(id);
      return stop?.kind === kind ? (details.get(stop.orderId)?.items ?? []) : [];
    });
  return { deliveries: sumLoadList(items('delivery')), pickups: sumLoadList(items('pickup')) };
}

async function detailsOf(db: Db, accountId: string, day: DeliveryDay, stopIds: string[]) {
  const orderOf = new Map(day.stops.map((s) => [s.id, s.orderId]));
  const orderIds = [...new Set(stopIds.map((id) => orderOf.get(id)).filter(Boolean) as string[])];
  return new Map((await deliveryStopDetails(db, accountId, orderIds)).map((d) => [d.orderId, d]));
}

/** The routes `userId` is on that day (all of them, or one vehicle's), as the phone shows them. */
export async function driverDay(
  db: Db,
  services: DeliveryServices,
  accountId: string,
  userId: string,
  date: string,
  onlyVehicle?: string,
): Promise<DriverDay> {
  const mine = await vehiclesCrewedBy(db, accountId, date, userId);
  const wanted = onlyVehicle ? mine.filter((v) => v === onlyVehicle) : mine;
  if (onlyVehicle && wanted.length === 0) throw notFound('Route');
  // On no route that day: no route to work out, only the day's time zone to say.
  if (wanted.length === 0)
    return { date, timeZone: await accountTimezone(db, accountId), routes: [] };
  const planned = await plannedDay(db, services, accountId, date, { events: true });
  const { day, crews } = planned;
  const routes = day.routes.filter((r) => wanted.includes(r.vehicleId));
  if (onlyVehicle && routes.length === 0) throw notFound('Route');
  const events = planned.events.filter((e) => wanted.includes(e.vehicleId));
  const starts = startsOf(events);
  const stopIds = routes.flatMap((r) => r.stops.map((s) => s.stopId));
  const details = await detailsOf(db, accountId, day, stopIds);
  const photos = await sitePhotoIds(db, accountId, [...details.keys()]);
  const photoUrl = (id: string, size: 'full' | 'thumbnail') =>
    `/api/delivery/driver/site-photos/${id}?${new URLSearchParams({ date, size })}`;
  const stopById = new Map(day.stops.map((s) => [s.id, s]));
  const vehicleName = new Map(day.vehicles.map((v) => [v.id, v.name]));
  return {
    date,
    timeZone: day.timeZone,
    routes: routes.map((route): DriverRoute => {
      const onRoute = events.filter((e) => e.vehicleId === route.vehicleId);
      return {
        vehicleId: route.vehicleId,
        vehicleName: vehicleName.get(route.vehicleId) ?? 'Truck',
        crew: crews.get(route.vehicleId) ?? [],
        leaveDepot: route.leaveDepot,
        startedAt: starts.get(route.vehicleId) ?? null,
        stops: route.stops.flatMap((planned) => {
          const stop = stopById.get(planned.stopId);
          if (!stop) return [];
          const detail = details.get(stop.orderId);
          const stopEvents = onRoute
            .filter((e) => e.stopId === stop.id)
            .map(({ vehicleId: _v, ...e }) => e);
          const last = stopEvents.at(-1);
          return [
            {
              id: stop.id,
              kind: stop.kind,
              orderNumber: stop.orderNumber,
              customerName: stop.customerName,
              address: stop.address,
              lat: stop.lat,
              lng: stop.lng,
              window: stop.window,
              eta: planned.start,
              arrival: planned.arrival,
              departure: planned.departure,
              items: sumLoadList(detail?.items ?? []),
              lines: (detail?.lines ?? []).map(({ productId: _p, ...line }) => line),
              notes: detail?.notes ?? null,
              sitePhotos: (photos.get(stop.orderId) ?? []).map((id) => ({
                url: photoUrl(id, 'full'),
                thumbnailUrl: photoUrl(id, 'thumbnail'),
              })),
              gateCode: detail?.gateCode ?? null,
              phoneNumber: detail?.phoneNumber ?? null,
              status: (last && last.action !== 'start_route'
                ? last.action
                : 'scheduled') as StopStatus,
              events: stopEvents,
            },
          ];
        }),
        loadList: loadListOf(
          day,
          route.stops.map((s) => s.stopId),
          details,
        ),
      };
    }),
  };
}

/** GET /api/delivery/load-list: one route's load list, or the whole day's. */
export async function loadList(
  db: Db,
  services: DeliveryServices,
  accountId: string,
  date: string,
  vehicleId?: string,
): Promise<LoadListResponse> {
  const { day } = await plannedDay(db, services, accountId, date);
  const route = vehicleId ? day.routes.find((r) => r.vehicleId === vehicleId) : null;
  if (vehicleId && !route) throw notFound('Route');
  const stopIds = route
    ? route.stops.map((s) => s.stopId)
    : day.routes.flatMap((r) => r.stops.map((s) => s.stopId));
  const details = await detailsOf(db, accountId, day, stopIds);
  return {
    date,
    vehicleId: vehicleId ?? null,
    vehicleName: vehicleId ? (day.vehicles.find((v) => v.id === vehicleId)?.name ?? null) : null,
    stopCount: stopIds.length,
    list: loadListOf(day, stopIds, details),
  };
}

function clockIn(instant: Date, timeZone: string, locale: string): string {
  return dateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' }).format(instant);
}

/**
 * POST /api/delivery/driver/events: the crew records an action on their route. The route must
 * be one the user is on that day, and the stop on it now (a stop its order moved away or
 * cancelled is not found). "On my way" texts the customer the ETA through Reach (§7.4), unless
 * they opted out: now plus the drive from the stop before (or the depot).
 */
export async function recordDriverEvent(
  db: Db,
  services: DeliveryServices,
  user: { accountId: string; id: string },
  event: StopEventParsed,
  files: EncodedFiles,
  now: Date,
) {
  const { accountId } = user;
  const mine = await vehiclesCrewedBy(db, accountId, event.date, user.id);
  if (!mine.includes(event.vehicleId)) throw notFound('Route');
  await sameEventOrNone(db, accountId, event);
  const { day } = await plannedDay(db, services, accountId, event.date);
  const route = day.routes.find((r) => r.vehicleId === event.vehicleId);
  if (!route) throw notFound('Route');
  if (event.action === 'start_route')
    return recordStopEvent(db, event, files, { accountId, userId: user.id });
  const index = route.stops.findIndex((s) => s.stopId === event.stopId);
  const stop = day.stops.find((s) => s.id === event.stopId);
  if (index < 0 || !stop) throw notFound('Stop');
  if (event.action === 'delivered' && stop.kind !== 'delivery')
    throw new AppError('validation_failed', 'Some fields are not valid.', {
      action: ['A pickup is picked up, not delivered'],
    });
  if (event.action === 'picked_up' && stop.kind !== 'pickup')
    throw new AppError('validation_failed', 'Some fields are not valid.', {
      action: ['A delivery is delivered, not picked up'],
    });
  if (event.action === 'picked_up') {
    const [details] = await deliveryStopDetails(db, accountId, [stop.orderId]);
    const toMaintenance = pickupReturns(event, details?.lines ?? []);
    return recordStopEvent(db, event, files, {
      accountId,
      userId: user.id,
      async maintenance(tx) {
        let units = 0;
        for (const r of toMaintenance)
          for (const reason of ['damaged', 'missing'] as const) {
            if (r[reason] === 0) continue;
            units += r[reason];
            // The order's own return uses the same key: a line's damage leaves stock once.
            await enqueue(
              tx,
              OPEN_DOWNTIME_JOB,
              {
                accountId,
                productId: r.productId,
                quantity: r[reason],
                reason,
                note: `Picked up ${reason} on order #${stop.orderNumber}`,
                from: new Date(event.occurredAt).toISOString(),
              } satisfies OpenDowntimePayload,
              `return:${stop.orderId}:${r.lineId}:${reason}`,
            );
          }
        return units;
      },
    });
  }
  if (event.action !== 'on_my_way')
    return recordStopEvent(db, event, files, { accountId, userId: user.id });

  const previous =
    index > 0 ? day.stops.find((s) => s.id === route.stops[index - 1]?.stopId) : null;
  const vehicle = day.vehicles.find((v) => v.id === event.vehicleId);
  const depot = day.depots.find((d) => d.id === vehicle?.depotId) ?? day.depots[0];
  const from: LatLng | null =
    previous?.lat != null && previous.lng != null
      ? { lat: previous.lat, lng: previous.lng }
      : depot
        ? { lat: depot.lat, lng: depot.lng }
        : null;
  const to: LatLng | null =
    stop.lat != null && stop.lng != null ? { lat: stop.lat, lng: stop.lng } : null;
  // The leg's drive: OSRM's when it is set (decision 0050), else the estimate.
  const drive = from && to ? ((await services.roads.matrix([from, to])).minutes[0]?.[1] ?? 30) : 30;
  const minutes = Math.max(5, Math.ceil(drive / 5) * 5);
  const [details] = await deliveryStopDetails(db, accountId, [stop.orderId]);
  const [account] = await db
    .select({ name: accounts.name, settings: accounts.settings })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const eta = clockIn(
    new Date(now.getTime() + minutes * 60_000),
    day.timeZone,
    resolveLocale((account?.settings as { locale?: unknown } | null)?.locale),
  );
  const phone = details?.phoneNumber ?? null;
  return recordStopEvent(db, event, files, {
    accountId,
    userId: user.id,
    async sideEffect(tx) {
      if (!phone) return 'no_number';
      if (await isOptedOut(tx, accountId, phone)) return 'opted_out';
      const sent = await queueAutomatedText(
        tx,
        accountId,
        phone,
        `${account?.name ?? 'Your rental company'}: your driver is on the way with order #${stop.orderNumber}. Arriving about ${eta}.`,
        { marketing: false, now, sentByUserId: user.id },
      );
      return sent.sent ? 'sent' : 'not_sent';
    },
  });
}

export type ReturnLine = {
  lineId: string;
  productId: string;
  description: string;
  quantity: number;
};

/**
 * Decision 0048: the lines a pickup's damaged and missing units are of. The driver says which
 * when the order has several lines; with one, the counts are its. Each line at most what went
 * out on it, and the lines add up to the counts.
 */
export function pickupReturns(
  event: StopEventParsed,
  lines: ReturnLine[],
): { lineId: string; productId: string; damaged: number; missing: number }[] {
  const counts = event.counts ?? { returned: 0, damaged: 0, missing: 0 };
  const invalid = (fields: Record<string, string[]>) =>
    new AppError('validation_failed', 'Some fields are not valid.', fields);
  const given =
    event.returns && event.returns.length > 0
      ? event.returns
      : counts.damaged + counts.missing === 0
        ? []
        : lines.length === 1
          ? [{ lineId: (lines[0] as ReturnLine).lineId, ...counts }]
          : lines.length === 0
            ? []
            : null;
  if (given === null) throw invalid({ returns: ['Say which items came back damaged or missing'] });
  const fields: Record<string, string[]> = {};
  const seen = new Set<string>();
  const checked = given.flatMap((r, i) => {
    const line = lines.find((l) => l.lineId === r.lineId);
    if (line && seen.has(line.lineId)) {
      fields[`returns.${i}.lineId`] = ['Each item once'];
      return [];
    }
    seen.add(r.lineId);
    if (!line) {
      fields[`returns.${i}.lineId`] = ['Not an item of this order'];
      return [];
    }
    if (r.damaged + r.missing > line.quantity)
      fields[event.returns?.length ? `returns.${i}.damaged` : 'counts.damaged'] = [
        `At most ${line.quantity} went out of ${line.description}`,
      ];
    return [
      { lineId: line.lineId, productId: line.productId, damaged: r.damaged, missing: r.missing },
    ];
  });
  if (
    Object.keys(fields).length === 0 &&
    event.returns?.length &&
    (checked.reduce((n, r) => n + r.damaged, 0) !== counts.damaged ||
      checked.reduce((n, r) => n + r.missing, 0) !== counts.missing)
  )
    fields.returns = ['The items’ damaged and missing must add up to the counts'];
  if (Object.keys(fields).length > 0) throw invalid(fields);
  return checked;
}
