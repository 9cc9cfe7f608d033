import { can } from '../permissions/can';
import { nextPlanTier, type PlanTier, parsePlan } from './plan-tier';

// spec §6: the user menu suggests the next tier only to holders of account.write, and only
// when the plan has a next tier.
export function upgradeSuggestion(
  roles: readonly string[],
  planLevel: string | null | undefined,
): PlanTier | null {
  if (!can(roles, 'account.write')) return null;
  return nextPlanTier(parsePlan(planLevel));
}
