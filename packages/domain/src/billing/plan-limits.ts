import { PLAN_TIERS, type PlanTier } from '../accounts/plan-tier';

/**
 * back-office §13: what each plan tier permits, in one table. Counted resources have a limit
 * (null: no limit); features are on or off. Availability, buffers, conflict checks and deposits
 * are never here: they are never plan-gated.
 */
export const COUNTED_RESOURCES = ['seats', 'products', 'vehicles', 'texts', 'callMinutes'] as const;
export type CountedResource = (typeof COUNTED_RESOURCES)[number];

export const PLAN_FEATURES = ['reach', 'routeOptimisation', 'automations', 'customDomain'] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

/** Anything a route can be gated on: a count that grows by one, or a feature. */
export type PlanResource = CountedResource | PlanFeature;

export type PlanLimits = {
  /** The monthly price in US cents (0: free). */
  priceCents: number;
  limits: Record<CountedResource, number | null>;
  features: Record<PlanFeature, boolean>;
};

export const PLAN_TABLE: Readonly<Record<PlanTier, PlanLimits>> = {
  free: {
    priceCents: 0,
    limits: { seats: 2, products: 25, vehicles: 1, texts: 0, callMinutes: 0 },
    features: { reach: false, routeOptimisation: false, automations: false, customDomain: false },
  },
  lite: {
    priceCents: 2_900,
    limits: { seats: 3, products: 100, vehicles: 1, texts: 0, callMinutes: 0 },
    features: { reach: false, routeOptimisation: false, automations: true, customDomain: false },
  },
  core: {
    priceCents: 7_900,
    limits: { seats: 10, products: null, vehicles: 3, texts: 1_000, callMinutes: 1_000 },
    features: { reach: true, routeOptimisation: false, automations: true, customDomain: true },
  },
  pro: {
    priceCents: 14_900,
    limits: { seats: 25, products: null, vehicles: 10, texts: 5_000, callMinutes: 5_000 },
    features: { reach: true, routeOptimisation: true, automations: true, customDomain: true },
  },
  unlimited: {
    priceCents: 29_900,
    limits: { seats: null, products: null, vehicles: null, texts: null, callMinutes: null },
    features: { reach: true, routeOptimisation: true, automations: true, customDomain: true },
  },
};

export const RESOURCE_LABELS: Readonly<Record<PlanResource, { one: string; many: string }>> = {
  seats: { one: 'seat', many: 'seats' },
  products: { one: 'product', many: 'products' },
  vehicles: { one: 'vehicle', many: 'vehicles' },
  texts: { one: 'text this month', many: 'texts this month' },
  callMinutes: { one: 'call minute this month', many: 'call minutes this month' },
  reach: { one: 'Reach (calls and texts)', many: 'Reach (calls and texts)' },
  routeOptimisation: { one: 'route optimisation', many: 'route optimisation' },
  automations: { one: 'automations', many: 'automations' },
  customDomain: { one: 'a custom domain', many: 'a custom domain' },
};

const isFeature = (resource: PlanResource): resource is PlanFeature =>
  (PLAN_FEATURES as readonly string[]).includes(resource);

/** Whether `tier` allows one more of `resource` when `used` are already taken (features: used is ignored). */
export function allows(tier: PlanTier, resource: PlanResource, used = 0): boolean {
  const plan = PLAN_TABLE[tier];
  if (isFeature(resource)) return plan.features[resource];
  const limit = plan.limits[resource];
  return limit === null || used < limit;
}

/** The cheapest tier above `tier` that allows one more (null: none does). */
export function tierThatLifts(tier: PlanTier, resource: PlanResource, used = 0): PlanTier | null {
  const from = PLAN_TIERS.indexOf(tier);
  return PLAN_TIERS.slice(from + 1).find((t) => allows(t, resource, used)) ?? null;
}

export type LimitCheck =
  | { reached: false }
  | { reached: true; limit: number | null; liftedBy: PlanTier | null; message: string };

/**
 * §13: is the limit of `resource` reached on `tier` with `used` taken, and which tier lifts it?
 * The message is the one the 403 answers with.
 */
export function checkLimit(tier: PlanTier, resource: PlanResource, used = 0): LimitCheck {
  if (allows(tier, resource, used)) return { reached: false };
  const liftedBy = tierThatLifts(tier, resource, used);
  const label = RESOURCE_LABELS[resource];
  const limit = isFeature(resource) ? null : PLAN_TABLE[tier].limits[resource];
  const plan = planName(tier);
  const what = isFeature(resource)
    ? `The ${plan} plan does not include ${label.one}.`
    : `The ${plan} plan allows ${limit} ${limit === 1 ? label.one : label.many}.`;
  const upgrade = liftedBy
    ? ` Upgrade to ${planName(liftedBy)} ${isFeature(resource) ? 'to use it' : 'for more'}.`
    : '';
  return { reached: true, limit, liftedBy, message: `${what}${upgrade}` };
}

const planName = (tier: PlanTier) => tier.charAt(0).toUpperCase() + tier.slice(1);

/** The error code a limit answers with: names the plan that lifts it (§13). */
export const PLAN_LIMIT_CODE = 'plan_limit';
/** The error code of every write while the account is read-only (trial ended, no card). */
export const READ_ONLY_CODE = 'account_read_only';
