import { z } from 'zod';
import { amountSchema } from '../inventory/inventory-schemas';

/**
 * back-office spec §2: the account settings an order's money follows: "sales tax (default rate
 * in basis points, whether delivery fees, surface fees and the damage waiver are taxable);
 * booking deposit policy (none, fixed, or percent of the order total, with a minimum); damage
 * waiver (off, optional defaulting on, or mandatory; percent of the rental subtotal)". They are
 * snapshotted on an order when it is reserved (§0.2).
 */

export const DAMAGE_WAIVER_MODES = ['off', 'optional', 'mandatory'] as const;
export type DamageWaiverMode = (typeof DAMAGE_WAIVER_MODES)[number];
export const DAMAGE_WAIVER_MODE_LABELS: Readonly<Record<DamageWaiverMode, string>> = {
  off: 'Off',
  optional: 'Optional (on unless the customer declines)',
  mandatory: 'Mandatory',
};

export const DEPOSIT_MODES = ['none', 'fixed', 'percent'] as const;
export type DepositMode = (typeof DEPOSIT_MODES)[number];

export type OrderSettings = {
  taxRateBps: number;
  taxDeliveryFees: boolean;
  taxSurfaceFees: boolean;
  taxDamageWaiver: boolean;
  damageWaiver: { mode: DamageWaiverMode; percentBps: number };
  deposit:
    | { mode: 'none' }
    | { mode: 'fixed'; amount: number }
    | { mode: 'percent'; percentBps: number; minimum: number };
};

/**
 * A new account's settings. The tax rate is 0 until the account enters its own, so nothing is
 * taxed by surprise; when it does, surface fees and the damage waiver are taxed with the rental
 * they belong to and delivery, a separately stated transport charge untaxed in many US states,
 * is not. The damage waiver is off until the account turns it on (10 %, the usual rate, is
 * ready when it does), and no booking deposit is asked until the account sets a policy.
 */
export const DEFAULT_ORDER_SETTINGS: OrderSettings = {
  taxRateBps: 0,
  taxDeliveryFees: false,
  taxSurfaceFees: true,
  taxDamageWaiver: true,
  damageWaiver: { mode: 'off', percentBps: 1_000 },
  deposit: { mode: 'none' },
};

const percentBpsSchema = (what: string) =>
  z
    .number({ error: `Enter ${what}` })
    .int(`Enter ${what} in whole hundredths of a percent`)
    .min(0, `${what[0]?.toUpperCase()}${what.slice(1)} cannot be negative`)
    .max(10_000, `${what[0]?.toUpperCase()}${what.slice(1)} cannot be more than 100 %`);

/** Stored settings missing a field (an account older than the field) read as the default. */
export const orderSettingsSchema = z.object({
  taxRateBps: percentBpsSchema('a tax rate').default(DEFAULT_ORDER_SETTINGS.taxRateBps),
  taxDeliveryFees: z.boolean().default(DEFAULT_ORDER_SETTINGS.taxDeliveryFees),
  taxSurfaceFees: z.boolean().default(DEFAULT_ORDER_SETTINGS.taxSurfaceFees),
  taxDamageWaiver: z.boolean().default(DEFAULT_ORDER_SETTINGS.taxDamageWaiver),
  damageWaiver: z
    .object({
      mode: z.enum(DAMAGE_WAIVER_MODES),
      percentBps: percentBpsSchema('a damage waiver percentage'),
    })
    .default(DEFAULT_ORDER_SETTINGS.damageWaiver),
  deposit: z
    .discriminatedUnion('mode', [
      z.object({ mode: z.literal('none') }),
      z.object({ mode: z.literal('fixed'), amount: amountSchema }),
      z.object({
        mode: z.literal('percent'),
        percentBps: percentBpsSchema('a deposit percentage'),
        minimum: amountSchema,
      }),
    ])
    .default(DEFAULT_ORDER_SETTINGS.deposit),
}) satisfies z.ZodType<OrderSettings, unknown>;
