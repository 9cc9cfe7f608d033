/** How a point was placed: by staff, by the geocoder, or at its ZIP code's centre. */
export const LOCATED_BY = ['pin', 'geocoder', 'zip_centroid'] as const;
export type LocatedBy = (typeof LOCATED_BY)[number];
