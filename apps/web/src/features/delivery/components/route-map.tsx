import type { DeliveryDay, LatLng } from '@tentpole/domain';
import { type ReactNode, useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { frameOf, tilesOf } from '@/lib/map-projection';
import { routeColour, UNASSIGNED_COLOUR } from '../lib/route-colours';

/** A `{z}/{x}/{y}` tile URL (VITE_MAP_TILE_URL); without one the map is drawn without tiles. */
const TILE_URL: string | undefined = import.meta.env.VITE_MAP_TILE_URL || undefined;

type RouteMapProps = { day: DeliveryDay; tileUrl?: string | undefined };

/**
 * §7.2: the day's depots, stops and routes on a map, drawn as SVG from their coordinates (Web
 * Mercator, so tiles line up when a tile server is configured). It scales to its column.
 */
export function RouteMap({ day, tileUrl = TILE_URL }: RouteMapProps) {
  const titleId = useId();
  const placed = day.stops.filter((s) => s.lat !== null && s.lng !== null);
  const points: LatLng[] = [
    ...day.depots,
    ...placed.map((s) => ({ lat: s.lat as number, lng: s.lng as number })),
  ];
  const depotOf = new Map(day.vehicles.map((v) => [v.id, v.depotId]));
  const depotPoint = (vehicleId: string) =>
    day.depots.find((d) => d.id === depotOf.get(vehicleId)) ?? day.depots[0];
  const routeOf = new Map<string, number>();
  day.routes.forEach((route, i) => {
    for (const s of route.stops) routeOf.set(s.stopId, i);
  });

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle id={titleId}>Map of the day</CardTitle>
        <CardDescription>
          {points.length === 0
            ? 'No depot or stop to show yet.'
            : `${day.depots.length} ${day.depots.length === 1 ? 'depot' : 'depots'} (squares) and ${placed.length} ${placed.length === 1 ? 'stop' : 'stops'}; each route in its truck’s colour, grey stops on no route.`}
        </CardDescription>
      </CardHeader>
      {points.length > 0 && (
        <CardContent>
          <MapDrawing points={points} tileUrl={tileUrl} labelledBy={titleId}>
            {(at, unit) => (
              <>
                {day.routes.map((route, i) => {
                  const depot = depotPoint(route.vehicleId);
                  if (!depot || route.stops.length === 0) return null;
                  const path = [
                    depot,
                    ...route.stops.flatMap((s) => {
                      const stop = placed.find((p) => p.id === s.stopId);
                      return stop ? [{ lat: stop.lat as number, lng: stop.lng as number }] : [];
                    }),
                    depot,
                  ]
                    .map((p) => {
                      const { x, y } = at(p);
                      return `${x.toFixed(1)},${y.toFixed(1)}`;
                    })
                    .join(' ');
                  return (
                    <polyline
                      key={route.vehicleId}
                      points={path}
                      fill="none"
                      stroke={routeColour(i)}
                      strokeWidth={3}
                      strokeLinejoin="round"
                      vectorEffect="non-scaling-stroke"
                      opacity={0.85}
                    />
                  );
                })}
                {day.depots.map((depot) => {
                  const { x, y } = at(depot);
                  return (
                    <rect
                      key={depot.id}
                      x={x - unit}
                      y={y - unit}
                      width={2 * unit}
                      height={2 * unit}
                      fill="#111827"
                      stroke="#fff"
                      strokeWidth={unit / 4}
                    >
                      <title>{depot.name}</title>
                    </rect>
                  );
                })}
                {placed.map((stop) => {
                  const { x, y } = at({ lat: stop.lat as number, lng: stop.lng as number });
                  const route = routeOf.get(stop.id);
                  const position =
                    route === undefined
                      ? null
                      : (day.routes[route]?.stops.findIndex((s) => s.stopId === stop.id) ?? -1) + 1;
                  const colour = route === undefined ? UNASSIGNED_COLOUR : routeColour(route);
                  // A pickup is a ring, a delivery a disc: the two stops of one order share a place.
                  const dx = (stop.kind === 'pickup' ? 0.7 : -0.7) * unit;
                  return (
                    <g key={stop.id}>
                      <circle
                        cx={x + dx}
                        cy={y}
                        r={unit}
                        fill={stop.kind === 'delivery' ? colour : '#fff'}
                        stroke={colour}
                        strokeWidth={unit / 3}
                      >
                        <title>{`#${stop.orderNumber} ${stop.kind} · ${stop.customerName}`}</title>
                      </circle>
                      {position !== null && (
                        <text
                          x={x + dx}
                          y={y + unit * 0.4}
                          textAnchor="middle"
                          fontSize={unit * 1.1}
                          fontWeight={700}
                          fill={stop.kind === 'delivery' ? '#fff' : colour}
                        >
                          {position}
                        </text>
                      )}
                    </g>
                  );
                })}
              </>
            )}
          </MapDrawing>
          <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Map legend">
            {day.routes.map((route, i) => (
              <li key={route.vehicleId} className="flex items-center gap-1.5">
                <span
                  aria-hidden="true"
                  className="inline-block h-1 w-5 rounded"
                  style={{ backgroundColor: routeColour(i) }}
                />
                {day.vehicles.find((v) => v.id === route.vehicleId)?.name ?? 'Truck'}
              </li>
            ))}
            <li className="flex items-center gap-1.5">
              <span aria-hidden="true" className="inline-block size-3 rounded-full bg-gray-500" />
              Delivery
            </li>
            <li className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="inline-block size-3 rounded-full border-[3px] border-gray-500"
              />
              Pickup
            </li>
          </ul>
        </CardContent>
      )}
    </Card>
  );
}

function MapDrawing({
  points,
  tileUrl,
  labelledBy,
  children,
}: {
  points: LatLng[];
  tileUrl: string | undefined;
  labelledBy: string;
  children: (at: (p: LatLng) => { x: number; y: number }, unit: number) => ReactNode;
}) {
  const frame = frameOf(points);
  // Markers in proportion to the drawing, so they read the same at 390 px and on a desk.
  const unit = frame.width / 42;
  const tiles = tileUrl ? tilesOf(frame, tileUrl) : [];
  return (
    <svg
      role="img"
      aria-labelledby={labelledBy}
      viewBox={`${frame.x} ${frame.y} ${frame.width} ${frame.height}`}
      className="h-auto w-full rounded-md border bg-slate-50 dark:bg-slate-900"
      preserveAspectRatio="xMidYMid meet"
    >
      <title>Map of the day</title>
      {tiles.map((tile) => (
        <image key={tile.key} href={tile.href} x={tile.x} y={tile.y} width={256} height={256} />
      ))}
      {children(frame.at, unit)}
    </svg>
  );
}
