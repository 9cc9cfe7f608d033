import type { DepotInput, DepotResponse } from '@tentpole/domain';

/** The depot form's values: the address as typed, the pin as text (blank: find it). */
export type DepotFormValues = {
  name: string;
  line1: string;
  city: string;
  region: string;
  postalCode: string;
  lat: string;
  lng: string;
};

export function depotFormValues(depot?: DepotResponse): DepotFormValues {
  return {
    name: depot?.name ?? '',
    line1: depot?.address.line1 ?? '',
    city: depot?.address.city ?? '',
    region: depot?.address.region ?? '',
    postalCode: depot?.address.postalCode ?? '',
    // A pin staff placed is shown to move; one found from the address is found again.
    lat: depot?.locatedBy === 'pin' ? String(depot.lat) : '',
    lng: depot?.locatedBy === 'pin' ? String(depot.lng) : '',
  };
}

const coordinate = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

export function depotInputOf(values: DepotFormValues): DepotInput {
  return {
    name: values.name,
    address: {
      line1: values.line1,
      city: values.city,
      region: values.region,
      postalCode: values.postalCode,
    },
    lat: coordinate(values.lat),
    lng: coordinate(values.lng),
  };
}

/** The form field that shows a problem the schema or the server names. */
export function depotFormField(path: string): keyof DepotFormValues | null {
  const field = path.replace(/^address\./, '');
  return ['name', 'line1', 'city', 'region', 'postalCode', 'lat', 'lng'].includes(field)
    ? (field as keyof DepotFormValues)
    : null;
}
