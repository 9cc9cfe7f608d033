import type { LatLng } from './delivery-settings';

/** The mean Earth radius in statute miles (IUGG mean radius, 6,371.0088 km). */
const EARTH_RADIUS_MILES = 3958.7613;
/** back-office spec §7.1: without a road router, road miles are estimated as great-circle × 1.3. */
export const ROAD_FACTOR = 1.3;
export const METRES_PER_MILE = 1609.344;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points in miles (haversine). */
export function greatCircleMiles(a: LatLng, b: LatLng): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** back-office spec §7.1: the driving distance estimated from the great circle (× 1.3). */
export function drivingMilesEstimate(a: LatLng, b: LatLng): number {
  return greatCircleMiles(a, b) * ROAD_FACTOR;
}

/** Miles to the tenth the fee rules read, half up. */
export function roundMiles(miles: number): number {
  return Math.round(miles * 10) / 10;
}
