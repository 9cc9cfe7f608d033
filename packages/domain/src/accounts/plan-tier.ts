// spec §3: subscription plan tiers.
export const PLAN_TIERS = ['free', 'lite', 'core', 'pro', 'unlimited'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

// spec §9: core, pro, unlimited and lite map to themselves; anything else maps to free.
const NAMED_TIERS: ReadonlySet<string> = new Set<PlanTier>(['core', 'pro', 'unlimited', 'lite']);

function isNamedTier(level: string): level is PlanTier {
  return NAMED_TIERS.has(level);
}

/** spec §9: plan names parse case-insensitively. */
export function parsePlan(level: string | null | undefined): PlanTier {
  const lower = (level ?? '').toLowerCase();
  return isNamedTier(lower) ? lower : 'free';
}

// spec §4: the upgrade ladder. Downgrades are not part of it.
const NEXT_TIER: Readonly<Record<PlanTier, PlanTier | null>> = {
  free: 'core',
  lite: 'core',
  core: 'pro',
  pro: 'unlimited',
  unlimited: null,
};

export function nextPlanTier(tier: PlanTier): PlanTier | null {
  return NEXT_TIER[tier];
}
