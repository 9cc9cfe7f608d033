import { describe, expect, it } from 'vitest';
import { frameAround, metresPerPixel, moveBy, pointAt, project, unproject } from './map-projection';

describe('map projection', () => {
  it('unprojects what it projects', () => {
    for (const point of [
      { lat: 30.2672, lng: -97.7431 },
      { lat: -33.8688, lng: 151.2093 },
      { lat: 0, lng: 0 },
    ]) {
      const back = unproject(project(point));
      expect(back.lat).toBeCloseTo(point.lat, 9);
      expect(back.lng).toBeCloseTo(point.lng, 9);
    }
  });

  it('frames a point at its centre, and reads a pixel back as a place', () => {
    const centre = { lat: 30.2672, lng: -97.7431 };
    const frame = frameAround(centre, 16);
    const at = frame.at(centre);
    expect(at.x).toBeCloseTo(frame.x + 320, 6);
    expect(at.y).toBeCloseTo(frame.y + 200, 6);
    expect(pointAt(frame, at)).toEqual(centre);
  });

  it('knows how far a pixel is: about 2.063 m at zoom 16 in Austin', () => {
    expect(metresPerPixel(30.2672, 16)).toBeCloseTo(2.063, 3);
  });

  it('moves a point by metres north and east', () => {
    const moved = moveBy({ lat: 30, lng: -97 }, 111.32, 0);
    expect(moved).toEqual({ lat: 30.001, lng: -97 });
    const east = moveBy({ lat: 60, lng: 179.9999 }, 0, 55.66);
    // Half the metres per degree at 60° N, and across the date line.
    expect(east.lng).toBeCloseTo(-179.9991, 4);
  });
});
