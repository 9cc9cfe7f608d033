import type { Vehicle, VehicleInput } from '@tentpole/domain';

/** The vehicle form as typed: numbers and times as the inputs hold them. */
export type VehicleFormValues = {
  name: string;
  depotId: string;
  capacityUnits: string;
  capacityVolume: string;
  shiftStart: string;
  shiftEnd: string;
  active: boolean;
};

export function vehicleFormValues(vehicle: Vehicle | undefined): VehicleFormValues {
  return {
    name: vehicle?.name ?? '',
    depotId: vehicle?.depotId ?? '',
    capacityUnits: vehicle ? String(vehicle.capacityUnits) : '',
    capacityVolume: vehicle ? String(vehicle.capacityVolume) : '0',
    shiftStart: vehicle?.shiftStart ?? '08:00',
    shiftEnd: vehicle?.shiftEnd ?? '18:00',
    active: vehicle?.active ?? true,
  };
}

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

export function vehicleInputOf(values: VehicleFormValues): VehicleInput {
  return {
    name: values.name,
    depotId: values.depotId === '' ? null : values.depotId,
    capacityUnits: numberOf(values.capacityUnits),
    capacityVolume: numberOf(values.capacityVolume),
    shiftStart: values.shiftStart,
    shiftEnd: values.shiftEnd,
    active: values.active,
  };
}

const FIELDS = new Set<keyof VehicleFormValues>([
  'name',
  'depotId',
  'capacityUnits',
  'capacityVolume',
  'shiftStart',
  'shiftEnd',
]);

/** The form field a schema or server error names (`capacityUnits`), or null. */
export function vehicleFormField(key: string): keyof VehicleFormValues | null {
  return FIELDS.has(key as keyof VehicleFormValues) ? (key as keyof VehicleFormValues) : null;
}
