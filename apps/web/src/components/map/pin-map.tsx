import type { LatLng, LocatedBy } from '@tentpole/domain';
import { type KeyboardEvent, type PointerEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  frameAround,
  type MapFrame,
  metresPerPixel,
  moveBy,
  pointAt,
  tilesOf,
} from '@/lib/map-projection';

/** A `{z}/{x}/{y}` tile URL (VITE_MAP_TILE_URL); without one the map is drawn without tiles. */
const TILE_URL: string | undefined = import.meta.env.VITE_MAP_TILE_URL || undefined;

const DEFAULT_ZOOM = 16;
const MIN_ZOOM = 11;
const MAX_ZOOM = 18;
const FOOT = 0.3048;
/** One arrow key press moves the pin 25 ft; with Shift, 250 ft. */
const STEP_FEET = 25;
/** Scale bar lengths, in feet: the longest that fits a quarter of the map is drawn. */
const SCALE_FEET = [50, 100, 200, 500, 1000, 2000, 2640, 5280, 10_560, 26_400];

type PinMapProps = {
  /** The pin staff placed, or null: the address alone places it. */
  pin: LatLng | null;
  /** Where the address alone puts it (the quote's answer), with how it was found. */
  found: (LatLng & { locatedBy: LocatedBy }) | null;
  onPin: (pin: LatLng | null) => void;
  /** What the map shows, for its name: "the party’s address", "the depot". */
  place: string;
  tileUrl?: string | undefined;
};

/**
 * §7.1's movable pin: the place an address was found, on a map (drawn without tiles offline; a
 * tile server's when `VITE_MAP_TILE_URL` is set). Drag the pin, tap the map, or focus the pin and
 * use the arrow keys; each move sets the pin, which then wins over the address.
 */
export function PinMap({ pin, found, onPin, place, tileUrl = TILE_URL }: PinMapProps) {
  const nameId = useId();
  const statusId = useId();
  const svg = useRef<SVGSVGElement>(null);
  const drag = useRef<{ dx: number; dy: number } | null>(null);
  const [zoom, setZoom] = useState(DEFAULT_ZOOM);
  // The map holds still while the pin moves; it follows the address until someone moves it.
  const [held, setHeld] = useState<LatLng | null>(null);
  const [focused, setFocused] = useState(false);
  // Where the address alone puts it: a quote asked with a pin answers the pin, so the last
  // answer without one is kept for the ring and for "Remove the pin".
  const [byAddress, setByAddress] = useState(found?.locatedBy === 'pin' ? null : found);
  if (found && found.locatedBy !== 'pin' && !samePlace(found, byAddress)) setByAddress(found);
  const marker = pin ?? byAddress ?? found;
  const centre = held ?? marker;

  if (!centre || !marker) {
    // The map's own room, kept while there is nothing to show: the form below it does not jump
    // (under a finger, or a click) when the address is found.
    return (
      <fieldset className="grid min-w-0 gap-2">
        <legend className="mb-2 text-sm font-medium">Pin on the map</legend>
        <div className="grid aspect-[16/10] w-full place-items-center rounded-md border bg-slate-50 p-4 text-center text-sm text-muted-foreground dark:bg-slate-900">
          Enter the ZIP code or the address to see {place} on the map.
        </div>
        <p className="min-h-10 text-sm text-muted-foreground" aria-hidden="true" />
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" variant="outline" disabled>
            Zoom in
          </Button>
          <Button type="button" size="sm" variant="outline" disabled>
            Zoom out
          </Button>
        </div>
      </fieldset>
    );
  }

  const frame = frameAround(centre, zoom);
  const unit = frame.width / 40;
  const tiles = tileUrl ? tilesOf(frame, tileUrl) : [];
  const tip = frame.at(marker);
  const foundAt = byAddress && pin ? frame.at(byAddress) : null;
  const scale = scaleOf(frame, centre.lat);

  const pixelOf = (event: { clientX: number; clientY: number }) => {
    const box = svg.current?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) return null;
    return {
      x: frame.x + ((event.clientX - box.left) / box.width) * frame.width,
      y: frame.y + ((event.clientY - box.top) / box.height) * frame.height,
    };
  };
  const movePinTo = (next: LatLng) => {
    setHeld(centre);
    onPin(next);
  };

  const onPinDown = (event: PointerEvent<SVGGElement>) => {
    const at = pixelOf(event);
    if (!at) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { dx: tip.x - at.x, dy: tip.y - at.y };
    setHeld(centre);
  };
  const onPinMove = (event: PointerEvent<SVGGElement>) => {
    const at = drag.current && pixelOf(event);
    if (!at || !drag.current) return;
    onPin(pointAt(frame, { x: at.x + drag.current.dx, y: at.y + drag.current.dy }));
  };
  const onPinUp = (event: PointerEvent<SVGGElement>) => {
    drag.current = null;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
  };
  const onKey = (event: KeyboardEvent<SVGGElement>) => {
    const metres = STEP_FEET * FOOT * (event.shiftKey ? 10 : 1);
    const move: Record<string, [number, number]> = {
      ArrowUp: [metres, 0],
      ArrowDown: [-metres, 0],
      ArrowLeft: [0, -metres],
      ArrowRight: [0, metres],
    };
    const by = move[event.key];
    if (!by) return;
    event.preventDefault();
    movePinTo(moveBy(marker, by[0], by[1]));
  };

  return (
    <fieldset className="grid min-w-0 gap-2" aria-describedby={statusId}>
      <legend className="mb-2 text-sm font-medium">Pin on the map</legend>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a tap places the pin; the keyboard moves the pin itself (its arrow keys) or types it in the latitude and longitude boxes. */}
      <svg
        ref={svg}
        aria-labelledby={nameId}
        viewBox={`${frame.x} ${frame.y} ${frame.width} ${frame.height}`}
        className="h-auto w-full cursor-crosshair rounded-md border bg-slate-50 dark:bg-slate-900"
        onClick={(event) => {
          const at = pixelOf(event);
          if (at) movePinTo(pointAt(frame, at));
        }}
      >
        <title id={nameId}>{`Map of ${place}`}</title>
        {tiles.map((tile) => (
          <image key={tile.key} href={tile.href} x={tile.x} y={tile.y} width={256} height={256} />
        ))}
        {tiles.length === 0 && <Grid frame={frame} step={scale.pixels} />}
        {foundAt && (
          <circle
            cx={foundAt.x}
            cy={foundAt.y}
            r={unit * 0.6}
            fill="none"
            stroke="#6b7280"
            strokeWidth={unit / 5}
            strokeDasharray={`${unit / 3} ${unit / 4}`}
          >
            <title>{foundLabel(byAddress?.locatedBy ?? null)}</title>
          </circle>
        )}
        {/* biome-ignore lint/a11y/useSemanticElements: an SVG pin cannot be a <button>; it is one to assistive technology. */}
        <g
          role="button"
          tabIndex={0}
          aria-label={`Move the pin with the arrow keys, ${STEP_FEET} ft a press, ${STEP_FEET * 10} ft with Shift`}
          className="cursor-grab outline-none active:cursor-grabbing"
          style={{ touchAction: 'none' }}
          onPointerDown={onPinDown}
          onPointerMove={onPinMove}
          onPointerUp={onPinUp}
          onPointerCancel={onPinUp}
          onClick={(event) => event.stopPropagation()}
          onKeyDown={onKey}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
        >
          {/* A larger invisible target, so a thumb can take hold of the pin. */}
          <circle cx={tip.x} cy={tip.y - unit * 1.6} r={unit * 1.8} fill="transparent" />
          {focused && (
            <circle
              cx={tip.x}
              cy={tip.y - unit * 1.6}
              r={unit * 1.6}
              fill="none"
              stroke="#2563eb"
              strokeWidth={unit / 4}
            />
          )}
          <path
            d={pinPath(tip, unit)}
            fill={pin ? '#dc2626' : '#fff'}
            stroke={pin ? '#7f1d1d' : '#dc2626'}
            strokeWidth={unit / 5}
          />
          <circle
            cx={tip.x}
            cy={tip.y - unit * 2}
            r={unit * 0.35}
            fill={pin ? '#fff' : '#dc2626'}
          />
        </g>
        <ScaleBar frame={frame} pixels={scale.pixels} label={scale.label} unit={unit} />
      </svg>
      <p
        id={statusId}
        className="min-h-10 text-sm text-muted-foreground wrap-anywhere"
        aria-live="polite"
      >
        {pin
          ? `Pinned by hand at ${pin.lat.toFixed(6)}, ${pin.lng.toFixed(6)}.`
          : `${foundLabel((byAddress ?? found)?.locatedBy ?? null)}. If it is off, drag the pin, tap the map or use the arrow keys.`}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={zoom >= MAX_ZOOM}
          onClick={() => {
            setHeld(centre);
            setZoom((z) => Math.min(MAX_ZOOM, z + 1));
          }}
        >
          Zoom in
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={zoom <= MIN_ZOOM}
          onClick={() => {
            setHeld(centre);
            setZoom((z) => Math.max(MIN_ZOOM, z - 1));
          }}
        >
          Zoom out
        </Button>
        {held && (
          <Button type="button" size="sm" variant="outline" onClick={() => setHeld(null)}>
            Centre on the pin
          </Button>
        )}
        {pin && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => {
              setHeld(null);
              onPin(null);
            }}
          >
            Remove the pin
          </Button>
        )}
      </div>
    </fieldset>
  );
}

/** The pin typed into latitude and longitude boxes, when both hold a number in range. */
export function pinFromText(lat: string, lng: string): LatLng | null {
  const a = Number.parseFloat(lat);
  const b = Number.parseFloat(lng);
  return Number.isFinite(a) && Number.isFinite(b) && Math.abs(a) <= 90 && Math.abs(b) <= 180
    ? { lat: a, lng: b }
    : null;
}

function samePlace(a: LatLng, b: LatLng | null): boolean {
  return b !== null && a.lat === b.lat && a.lng === b.lng;
}

function foundLabel(locatedBy: LocatedBy | null): string {
  if (locatedBy === 'zip_centroid') return 'Placed at the ZIP code’s centre';
  if (locatedBy === 'geocoder') return 'Placed from the address';
  return 'Placed by the pin';
}

/** A map pin whose tip is at `tip`: a circle on a point. */
function pinPath(tip: { x: number; y: number }, unit: number): string {
  const r = unit;
  const cy = tip.y - 2 * unit;
  const side = r * Math.cos(Math.PI / 6);
  const shoulder = cy + r * Math.sin(Math.PI / 6);
  return `M ${tip.x} ${tip.y} L ${tip.x - side} ${shoulder} A ${r} ${r} 0 1 1 ${tip.x + side} ${shoulder} Z`;
}

/** The longest round distance that fits a quarter of the map, in pixels and as words. */
function scaleOf(frame: MapFrame, lat: number): { pixels: number; label: string } {
  const perPixel = metresPerPixel(lat, frame.zoom);
  const fits = SCALE_FEET.filter((feet) => (feet * FOOT) / perPixel <= frame.width / 4);
  const feet = fits.at(-1) ?? SCALE_FEET[0] ?? 50;
  const label = feet >= 2640 ? `${feet / 5280} ${feet === 5280 ? 'mile' : 'miles'}` : `${feet} ft`;
  return { pixels: (feet * FOOT) / perPixel, label };
}

/** Offline, a grid at the scale bar's spacing, so a distance can be judged without tiles. */
function Grid({ frame, step }: { frame: MapFrame; step: number }) {
  const lines: string[] = [];
  for (let x = Math.ceil(frame.x / step) * step; x < frame.x + frame.width; x += step)
    lines.push(`M ${x} ${frame.y} V ${frame.y + frame.height}`);
  for (let y = Math.ceil(frame.y / step) * step; y < frame.y + frame.height; y += step)
    lines.push(`M ${frame.x} ${y} H ${frame.x + frame.width}`);
  return (
    <path
      d={lines.join(' ')}
      stroke="#94a3b8"
      strokeOpacity={0.45}
      strokeWidth={1}
      vectorEffect="non-scaling-stroke"
      fill="none"
    />
  );
}

function ScaleBar({
  frame,
  pixels,
  label,
  unit,
}: {
  frame: MapFrame;
  pixels: number;
  label: string;
  unit: number;
}) {
  const x = frame.x + unit;
  const y = frame.y + frame.height - unit;
  return (
    <g>
      <rect
        x={x - unit / 3}
        y={y - unit * 1.6}
        width={pixels + unit * 0.66}
        height={unit * 2}
        fill="#fff"
        opacity={0.8}
        rx={unit / 4}
      />
      <path
        d={`M ${x} ${y - unit / 2} V ${y} H ${x + pixels} V ${y - unit / 2}`}
        stroke="#111827"
        strokeWidth={unit / 6}
        fill="none"
      />
      <text x={x + pixels / 2} y={y - unit * 0.5} textAnchor="middle" fontSize={unit * 0.9}>
        {label}
      </text>
    </g>
  );
}
