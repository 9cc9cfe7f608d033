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
