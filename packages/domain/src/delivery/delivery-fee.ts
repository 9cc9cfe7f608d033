import { formatMoney } from '../money/format-money';
import { mulDivHalfUp } from '../money/percent-of';
import {
  type DeliveryFeePart,
  type DeliveryMethod,
  type DeliveryRefusal,
  type DeliverySettings,
  normalizePostalCode,
  type WindowSurcharge,
} from './delivery-settings';
import { roundMiles } from './distance';

export type DeliveryFeeInput = {
  method: DeliveryMethod;
  /** The delivery address's ZIP code ('' when only a pin is known). */
  postalCode: string;
  /** Miles from the nearest depot (road or estimate); null when they could not be found. */
  miles: number | null;
  /** The delivery window as instants; surcharges read its length and local start time. */
  window?: { start: string; end: string } | null;
  /** The account's time zone, for "starts before 8:00" (default UTC). */
  timeZone?: string;
};

export type DeliveryFeeResult =
  | {
      ok: true;
      amount: number;
      taxable: boolean;
      /** The parts joined: "Up to 10 mi $40.00 + Window shorter than 2 h $25.00". */
      explanation: string;
      parts: DeliveryFeePart[];
    }
  | {
      ok: false;
      reason: Exclude<DeliveryRefusal, 'no_depot' | 'address_not_found'>;
      message: string;
    };

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** The local "HH:MM" of an instant in a time zone. */
export function localTimeOfDay(instant: Date, timeZone: string): string {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    timeFormats.set(timeZone, format);
  }
  return format.format(instant);
}

const milesText = (miles: number) =>
  `${miles.toLocaleString('en-US', { maximumFractionDigits: 1 })} mi`;
const hoursText = (hours: number) =>
  `${hours.toLocaleString('en-US', { maximumFractionDigits: 2 })} h`;

/** A surcharge's name as the fee explains it. */
export function surchargeLabel(surcharge: WindowSurcharge): string {
  switch (surcharge.kind) {
    case 'narrower_than':
      return `Window shorter than ${hoursText(surcharge.hours)}`;
    case 'starts_before':
      return `Window starting before ${surcharge.time}`;
    case 'starts_after':
      return `Window starting at or after ${surcharge.time}`;
  }
}

function surchargeApplies(
  surcharge: WindowSurcharge,
  window: { start: string; end: string },
  timeZone: string,
): boolean {
  const start = new Date(window.start);
  switch (surcharge.kind) {
    case 'narrower_than':
      return Date.parse(window.end) - start.getTime() < surcharge.hours * 3_600_000;
    case 'starts_before':
      return localTimeOfDay(start, timeZone) < surcharge.time;
    case 'starts_after':
      return localTimeOfDay(start, timeZone) >= surcharge.time;
  }
}

/** Whether the fee rules read the distance at all (else a missing one does not matter). */
export function needsDistance(settings: DeliverySettings): boolean {
  return (
    settings.tiers.length > 0 || settings.perMileBeyond > 0 || settings.serviceRadiusMiles !== null
  );
}

/**
 * The distance part of the fee: the first tier whose reach covers the miles (inclusive: 10.0 mi
 * is "up to 10 mi"), else the last tier's fee plus the price per mile for the tenths beyond it,
 * to the cent, half up. With no tiers the price per mile runs from the depot.
 */
function distanceParts(
  settings: DeliverySettings,
  miles: number,
  currency: string,
): DeliveryFeePart[] {
  const tier = settings.tiers.find((t) => miles <= t.upToMiles);
  if (tier)
    return [{ label: `${milesText(miles)}, up to ${milesText(tier.upToMiles)}`, amount: tier.fee }];
  const last = settings.tiers.at(-1);
  const parts: DeliveryFeePart[] = last
    ? [{ label: `Up to ${milesText(last.upToMiles)}`, amount: last.fee }]
    : [];
  if (settings.perMileBeyond > 0) {
    const beyondTenths = Math.round(miles * 10) - Math.round((last?.upToMiles ?? 0) * 10);
    parts.push({
      label: `${milesText(beyondTenths / 10)} ${last ? `beyond ${milesText(last.upToMiles)}` : 'from the depot'} at ${formatMoney(settings.perMileBeyond, currency)}/mi`,
      amount: mulDivHalfUp(settings.perMileBeyond, beyondTenths, 10),
    });
  }
  return parts;
}

/**
 * back-office spec §7.1: the delivery fee of one order, or why it cannot be delivered.
 * Pickup is free. Otherwise: the method's base fee; then the ZIP code's own fee if it has one
 * (it wins over distance and radius, and "not served" refuses), else the distance tiers from
 * the nearest depot and the price per mile beyond the last, refused past the service radius
 * (inclusive: exactly the radius is served); then each window surcharge that applies, added up.
 * Miles are read to the tenth, half up.
 */
export function deliveryFee(
  settings: DeliverySettings,
  input: DeliveryFeeInput,
  currency = 'USD',
): DeliveryFeeResult {
  const method = settings.methods[input.method];
  if (!method.enabled)
    return { ok: false, reason: 'method_off', message: `${method.label} is not offered` };
  if (input.method === 'pickup')
    return {
      ok: true,
      amount: 0,
      taxable: settings.taxable,
      explanation: `${method.label}: no delivery fee`,
      parts: [],
    };

  const parts: DeliveryFeePart[] = [];
  const baseFee = settings.methods[input.method === 'staffed' ? 'staffed' : 'drop_off'].baseFee;
  if (baseFee > 0) parts.push({ label: method.label, amount: baseFee });

  const postalCode = normalizePostalCode(input.postalCode);
  const override = postalCode
    ? settings.zipOverrides.find((z) => z.postalCode === postalCode)
    : undefined;
  if (override) {
    if (override.fee === null)
      return {
        ok: false,
        reason: 'zip_not_served',
        message: `We do not deliver to ZIP ${postalCode}`,
      };
    parts.push({ label: `ZIP ${postalCode}`, amount: override.fee });
  } else if (needsDistance(settings)) {
    if (input.miles === null)
      return {
        ok: false,
        reason: 'distance_unknown',
        message: 'The distance to this address is not known: check the ZIP code or place the pin',
      };
    const miles = roundMiles(input.miles);
    const radius = settings.serviceRadiusMiles;
    if (radius !== null && miles > radius)
      return {
        ok: false,
        reason: 'outside_area',
        message: `${milesText(miles)} is beyond the ${milesText(radius)} delivery area`,
      };
    parts.push(...distanceParts(settings, miles, currency));
  }

  if (input.window)
    for (const surcharge of settings.windowSurcharges)
      if (surchargeApplies(surcharge, input.window, input.timeZone ?? 'UTC'))
        parts.push({ label: surchargeLabel(surcharge), amount: surcharge.fee, window: true });

  const amount = parts.reduce((sum, part) => sum + part.amount, 0);
  return {
    ok: true,
    amount,
    taxable: settings.taxable,
    explanation:
      parts.length === 0
        ? `${method.label}: no delivery fee`
        : parts.map((p) => `${p.label} ${formatMoney(p.amount, currency)}`).join(' + '),
    parts,
  };
}
