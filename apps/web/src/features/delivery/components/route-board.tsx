import { Link } from '@tanstack/react-router';
import type { DayStop, DeliveryDay } from '@tentpole/domain';
import { ClipboardList } from 'lucide-react';
import type { DragEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAccountFormat } from '@/lib/account-format';
import {
  type Arrangement,
  arrangementOf,
  moveStop,
  shiftStop,
  togglePin,
} from '../lib/board-moves';
import { formatClock, formatMinutes } from '../lib/format-day';
import { liveStopsOf, useNow } from '../lib/live-board';
import { routeColour } from '../lib/route-colours';
import { CrewMenu } from './crew-menu';
import { StopCard, type StopMoveTarget, violationText } from './stop-card';

const DRAG_TYPE = 'application/x-tentpole-stop';

type RouteBoardProps = {
  day: DeliveryDay;
  canEdit: boolean;
  /** Saves the whole arrangement (the server recomputes ETAs and violations). */
  onArrange: (arrangement: Arrangement, what: string) => void;
  /** Saves a truck's crew for the day (decision 0043). */
  onCrew: (vehicleId: string, userIds: string[]) => void;
};

/**
 * back-office spec §7.2, §7.3: the unassigned stops and one card per vehicle's route. A stop
 * moves by drag and drop (between routes, or before another stop), or by its Move menu: up,
 * down, to another truck, back to unassigned, pinned to its truck.
 */
export function RouteBoard({ day, canEdit, onArrange, onCrew }: RouteBoardProps) {
  const { locale } = useAccountFormat();
  const arrangement = arrangementOf(day);
  const stops = new Map(day.stops.map((s) => [s.id, s]));
  const vehicleName = new Map(day.vehicles.map((v) => [v.id, v.name]));
  const nameOf = (vehicleId: string) => vehicleName.get(vehicleId) ?? 'Truck';
  const violationsOf = (stopId: string) => day.violations.filter((v) => v.stopId === stopId);
  const statusOf = new Map(day.statuses.map((s) => [s.stopId, s]));
  // Decision 0047: late stops turn amber, then red, and the ETAs after them move.
  const live = liveStopsOf(day, useNow());

  const move = (stop: DayStop, vehicleId: string | null, index?: number) =>
    onArrange(
      moveStop(arrangement, stop.id, vehicleId, index),
      `${stopLabel(stop)} moved to ${vehicleId ? nameOf(vehicleId) : 'unassigned'}.`,
    );

  const dragStart = (stop: DayStop) => (event: DragEvent<HTMLElement>) => {
    event.dataTransfer.setData(DRAG_TYPE, stop.id);
    event.dataTransfer.setData('text/plain', stop.id);
    event.dataTransfer.effectAllowed = 'move';
  };
  const draggedStop = (event: DragEvent<HTMLElement>) => {
    const id = event.dataTransfer.getData(DRAG_TYPE) || event.dataTransfer.getData('text/plain');
    return stops.get(id) ?? null;
  };
  const dropOn = (vehicleId: string | null, index?: number) => (event: DragEvent<HTMLElement>) => {
    if (!canEdit) return;
    event.preventDefault();
    event.stopPropagation();
    const stop = draggedStop(event);
    if (stop) move(stop, vehicleId, index);
  };
  const allowDrop = (event: DragEvent<HTMLElement>) => {
    if (canEdit) event.preventDefault();
  };

  const targetsFor = (current: string | null): StopMoveTarget[] => [
    ...day.routes
      .filter((r) => r.vehicleId !== current)
      .map((r) => ({ vehicleId: r.vehicleId, label: `Move to ${nameOf(r.vehicleId)}` })),
    ...(current === null ? [] : [{ vehicleId: null, label: 'Move to unassigned' }]),
  ];

  const unassigned = day.unassigned
    .map((u) => ({ stop: stops.get(u.stopId), reason: u.reason }))
    .filter((u): u is { stop: DayStop; reason: (typeof day.unassigned)[number]['reason'] } =>
      Boolean(u.stop),
    );

  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
      <Card className="min-w-0" onDragOver={allowDrop} onDrop={dropOn(null)}>
        <CardHeader>
          <CardTitle>Unassigned stops</CardTitle>
          <CardDescription>
            {unassigned.length === 0
              ? 'Every stop is on a route.'
              : `${unassigned.length} ${unassigned.length === 1 ? 'stop' : 'stops'} on no route.`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2" aria-label="Unassigned stops">
            {unassigned.map(({ stop, reason }) => (
              <StopCard
                key={stop.id}
                stop={stop}
                reason={reason}
                violations={violationsOf(stop.id)}
                canEdit={canEdit}
                targets={targetsFor(null)}
                onMove={(vehicleId) => move(stop, vehicleId)}
                onDragStart={dragStart(stop)}
                onDropBefore={dropOn(null)}
              />
            ))}
          </ul>
        </CardContent>
      </Card>
      <div className="grid min-w-0 gap-4 md:grid-cols-2">
        {day.routes.length === 0 && (
          <Card>
            <CardHeader>
              <CardTitle>No trucks</CardTitle>
              <CardDescription>
                Add an active vehicle and a depot in Delivery settings to plan routes.
              </CardDescription>
            </CardHeader>
          </Card>
        )}
        {day.routes.map((route, routeIndex) => {
          const name = nameOf(route.vehicleId);
          const routeViolations = day.violations.filter(
            (v) => v.vehicleId === route.vehicleId && !v.stopId,
          );
          const order = arrangement.find((r) => r.vehicleId === route.vehicleId);
          return (
            <Card
              key={route.vehicleId}
              className="min-w-0"
              onDragOver={allowDrop}
              onDrop={dropOn(route.vehicleId)}
            >
              <CardHeader>
                <CardTitle className="flex items-center gap-2">
                  <span
                    aria-hidden="true"
                    className="inline-block size-3 rounded-full"
                    style={{ backgroundColor: routeColour(routeIndex) }}
                  />
                  {name}
                </CardTitle>
                <p className="text-sm wrap-anywhere" data-testid="route-crew">
                  {route.crew.length === 0
                    ? 'No crew yet.'
                    : `Crew: ${route.crew.map((c) => c.name).join(', ')}`}
                  {route.startedAt &&
                    ` · started ${new Date(route.startedAt).toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit', timeZone: day.timeZone })}`}
                </p>
                {(canEdit || route.stops.length > 0) && (
                  <div className="flex flex-wrap gap-2">
                    {canEdit && (
                      <CrewMenu
                        day={day}
                        route={route}
                        name={name}
                        onChange={(userIds) => onCrew(route.vehicleId, userIds)}
                      />
                    )}
                    {route.stops.length > 0 && (
                      <Button asChild size="sm" variant="outline">
                        <Link
                          to="/orders/driver/load-list"
                          search={{ date: day.date, vehicleId: route.vehicleId }}
                          aria-label={`Load list of ${name}`}
                        >
                          <ClipboardList aria-hidden="true" />
                          Load list
                        </Link>
                      </Button>
                    )}
                  </div>
                )}
                <CardDescription className="tabular-nums">
                  {route.stops.length === 0
                    ? 'No stops yet.'
                    : `${route.stops.length} ${route.stops.length === 1 ? 'stop' : 'stops'} · leaves ${formatClock(route.leaveDepot ?? 0)} · back ${formatClock(route.returnDepot ?? 0)} · ${formatMinutes(route.driveMinutes)} driving · ${route.miles.toFixed(1)} mi · peak ${route.loadPeak} units`}
                </CardDescription>
                {routeViolations.map((v) => (
                  <p
                    key={`${v.kind}-${v.message}`}
                    className="text-sm font-medium text-destructive"
                  >
                    {violationText(v)}
                  </p>
                ))}
              </CardHeader>
              <CardContent>
                <ol className="grid gap-2" aria-label={`${name} route`}>
                  {route.stops.map((planned, index) => {
                    const stop = stops.get(planned.stopId);
                    if (!stop) return null;
                    return (
                      <StopCard
                        key={stop.id}
                        stop={stop}
                        planned={planned}
                        position={index + 1}
                        status={statusOf.get(stop.id)}
                        live={live.get(stop.id)}
                        timeZone={day.timeZone}
                        violations={violationsOf(stop.id)}
                        canEdit={canEdit}
                        targets={targetsFor(route.vehicleId)}
                        isFirst={index === 0}
                        isLast={index === route.stops.length - 1}
                        onMove={(vehicleId) => move(stop, vehicleId)}
                        onShift={(by) =>
                          onArrange(
                            shiftStop(arrangement, stop.id, by),
                            `${stopLabel(stop)} moved ${by < 0 ? 'up' : 'down'}.`,
                          )
                        }
                        onTogglePin={() =>
                          onArrange(
                            togglePin(arrangement, stop.id),
                            order?.pinned.includes(stop.id)
                              ? `${stopLabel(stop)} unpinned.`
                              : `${stopLabel(stop)} pinned to ${name}.`,
                          )
                        }
                        onDragStart={dragStart(stop)}
                        onDropBefore={dropOn(route.vehicleId, index)}
                      />
                    );
                  })}
                </ol>
              </CardContent>
            </Card>
          );
        })}
      </div>
    </div>
  );
}

function stopLabel(stop: DayStop): string {
  return `#${stop.orderNumber} ${stop.kind}`;
}
