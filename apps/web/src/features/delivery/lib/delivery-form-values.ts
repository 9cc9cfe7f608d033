import {
  type DeliveryMethod,
  type DeliverySettings,
  type DeliverySettingsInput,
  formatZipList,
  parseZipList,
  type WindowSurchargeKind,
} from '@tentpole/domain';

/**
 * The delivery settings form's values: the settings as the boxes hold them. Miles and hours
 * are text (typed), money is cents or null (the money field), the ZIP fees one pasted list.
 */
export type DeliveryFormValues = {
  methods: {
    staffed: { enabled: boolean; label: string; baseFee: number | null };
    drop_off: { enabled: boolean; label: string; baseFee: number | null };
    pickup: { enabled: boolean; label: string };
  };
  tiers: { upToMiles: string; fee: number | null }[];
  perMileBeyond: number | null;
  /** Blank: no limit. */
  serviceRadiusMiles: string;
  zipList: string;
  windowSurcharges: {
    kind: WindowSurchargeKind;
    hours: string;
    time: string;
    fee: number | null;
  }[];
  taxable: boolean;
};

export const CHARGED_METHODS = ['staffed', 'drop_off'] as const satisfies readonly DeliveryMethod[];

const milesText = (miles: number) => String(miles);

export function deliveryFormValues(settings: DeliverySettings): DeliveryFormValues {
  return {
    methods: {
      staffed: { ...settings.methods.staffed },
      drop_off: { ...settings.methods.drop_off },
      pickup: { ...settings.methods.pickup },
    },
    tiers: settings.tiers.map((t) => ({ upToMiles: milesText(t.upToMiles), fee: t.fee })),
    perMileBeyond: settings.perMileBeyond,
    serviceRadiusMiles:
      settings.serviceRadiusMiles === null ? '' : milesText(settings.serviceRadiusMiles),
    zipList: formatZipList(settings.zipOverrides),
    windowSurcharges: settings.windowSurcharges.map((s) => ({
      kind: s.kind,
      hours: s.kind === 'narrower_than' ? String(s.hours) : '2',
      time: s.kind === 'narrower_than' ? '08:00' : s.time,
      fee: s.fee,
    })),
    taxable: settings.taxable,
  };
}

/** Typed text as a number: blank or not a number is NaN, which the schema names. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));
/** A money box left empty is an amount the schema asks for. */
const cents = (value: number | null) => value ?? Number.NaN;

/** The settings the form describes, for the domain's schema to check, and the list's problems. */
export function deliveryInputOf(values: DeliveryFormValues): {
  input: DeliverySettingsInput;
  zipErrors: string[];
  zipNotes: string[];
} {
  const zips = parseZipList(values.zipList);
  return {
    input: {
      methods: {
        staffed: { ...values.methods.staffed, baseFee: cents(values.methods.staffed.baseFee) },
        drop_off: { ...values.methods.drop_off, baseFee: cents(values.methods.drop_off.baseFee) },
        pickup: values.methods.pickup,
      },
      tiers: values.tiers.map((t) => ({ upToMiles: numberOf(t.upToMiles), fee: cents(t.fee) })),
      perMileBeyond: values.perMileBeyond ?? 0,
      serviceRadiusMiles:
        values.serviceRadiusMiles.trim() === '' ? null : numberOf(values.serviceRadiusMiles),
      zipOverrides: zips.overrides,
      windowSurcharges: values.windowSurcharges.map((s) =>
        s.kind === 'narrower_than'
          ? { kind: s.kind, hours: numberOf(s.hours), fee: cents(s.fee) }
          : { kind: s.kind, time: s.time, fee: cents(s.fee) },
      ),
      taxable: values.taxable,
    },
    zipErrors: zips.errors.map((e) => `Line ${e.line} (${e.text}): ${e.message}`),
    zipNotes: zips.notes,
  };
}

/**
 * The form field that shows a problem the schema or the server names: every ZIP's problem
 * shows on the list.
 */
export function deliveryFormField(path: string): string {
  if (path.startsWith('zipOverrides')) return 'zipList';
  return path;
}
