import type { LatLng } from '@tentpole/domain';

/** Web Mercator at zoom 0: the world is 256 × 256 (the tile servers' own projection). */
export function project({ lat, lng }: LatLng): { x: number; y: number } {
  const clamped = Math.max(-85.05, Math.min(85.05, lat));
  const s = Math.sin((clamped * Math.PI) / 180);
  return {
    x: ((lng + 180) / 360) * 256,
    y: (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * 256,
  };
}

export type MapFrame = {
  zoom: number;
  /** The viewBox, in pixels at `zoom`. */
  x: number;
  y: number;
  width: number;
  height: number;
  at: (point: LatLng) => { x: number; y: number };
};

/**
 * A frame around the points, scaled so it is about `size` pixels across at the chosen zoom
 * (a whole zoom, so tiles line up), with a margin; a single point gets a small neighbourhood.
 */
export function frameOf(points: LatLng[], size = 640, margin = 0.12): MapFrame {
  const projected = points.map(project);
  const xs = projected.map((p) => p.x);
  const ys = projected.map((p) => p.y);
  const minX = Math.min(...xs);
  const maxX = Math.max(...xs);
  const minY = Math.min(...ys);
  const maxY = Math.max(...ys);
  const span = Math.max(maxX - minX, maxY - minY, 0.0005);
  const zoom = Math.max(0, Math.min(18, Math.floor(Math.log2(size / span))));
  const scale = 2 ** zoom;
  const w = Math.max((maxX - minX) * scale, 1);
  const h = Math.max((maxY - minY) * scale, 1);
  const pad = Math.max(w, h) * margin + 24;
  const width = Math.max(w + 2 * pad, (h + 2 * pad) * 1.4);
  const height = Math.max(h + 2 * pad, width / 1.6);
  const cx = ((minX + maxX) / 2) * scale;
  const cy = ((minY + maxY) / 2) * scale;
  return {
    zoom,
    x: cx - width / 2,
    y: cy - height / 2,
    width,
    height,
    at: (point) => {
      const p = project(point);
      return { x: p.x * scale, y: p.y * scale };
    },
  };
}

/** The tiles covering a frame, each with its URL from a `{z}/{x}/{y}` template. */
export function tilesOf(frame: MapFrame, template: string) {
  const tiles: { key: string; href: string; x: number; y: number }[] = [];
  const count = 2 ** frame.zoom;
  for (let tx = Math.floor(frame.x / 256); tx * 256 < frame.x + frame.width; tx++)
    for (let ty = Math.floor(frame.y / 256); ty * 256 < frame.y + frame.height; ty++) {
      if (ty < 0 || ty >= count) continue;
      const wrapped = ((tx % count) + count) % count;
      tiles.push({
        key: `${tx}/${ty}`,
        href: template
          .replace('{z}', String(frame.zoom))
          .replace('{x}', String(wrapped))
          .replace('{y}', String(ty)),
        x: tx * 256,
        y: ty * 256,
      });
    }
  return tiles;
}

/** The inverse of `project`: a point on the zoom-0 world back to latitude and longitude. */
export function unproject({ x, y }: { x: number; y: number }): LatLng {
  const n = Math.PI * (1 - (2 * y) / 256);
  return {
    lat: (Math.atan(Math.sinh(n)) * 180) / Math.PI,
    lng: (x / 256) * 360 - 180,
  };
}

/** Metres one pixel covers at a zoom and latitude (Web Mercator; 256-pixel tiles). */
export function metresPerPixel(lat: number, zoom: number): number {
  return (156_543.033_92 * Math.cos((lat * Math.PI) / 180)) / 2 ** zoom;
}

/** A `width` × `height` pixel frame centred on one point at a whole zoom (tiles line up). */
export function frameAround(centre: LatLng, zoom: number, width = 640, height = 400): MapFrame {
  const scale = 2 ** zoom;
  const c = project(centre);
  return {
    zoom,
    x: c.x * scale - width / 2,
    y: c.y * scale - height / 2,
    width,
    height,
    at: (point) => {
      const p = project(point);
      return { x: p.x * scale, y: p.y * scale };
    },
  };
}

/** The point at a frame's pixel (viewBox units), to six decimals (about 10 cm). */
export function pointAt(frame: MapFrame, pixel: { x: number; y: number }): LatLng {
  const scale = 2 ** frame.zoom;
  const p = unproject({ x: pixel.x / scale, y: pixel.y / scale });
  return { lat: round6(p.lat), lng: round6(p.lng) };
}

/** A point moved `north` and `east` metres (a short move: the earth is flat at this scale). */
export function moveBy(point: LatLng, north: number, east: number): LatLng {
  const lat = point.lat + north / 111_320;
  const lng = point.lng + east / (111_320 * Math.cos((point.lat * Math.PI) / 180));
  return { lat: round6(Math.max(-85, Math.min(85, lat))), lng: round6(wrapLng(lng)) };
}

function wrapLng(lng: number): number {
  return ((((lng + 180) % 360) + 360) % 360) - 180;
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
