import { z } from 'zod';
import { PLAN_TIERS } from './plan-tier';

// spec §3: an account (team) the user belongs to.
export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  plan: z.enum(PLAN_TIERS),
});

export type Team = z.output<typeof teamSchema>;

// spec §3: the teams response field is organizations, an object whose values are arrays.
export const teamsResponseSchema = z.object({
  organizations: z.record(z.string(), z.array(teamSchema)),
});

export type TeamsResponse = z.output<typeof teamsResponseSchema>;

// spec §7: GET /api/account/teams falls back to an empty object on failure.
export const EMPTY_TEAMS_RESPONSE: TeamsResponse = { organizations: {} };

/** spec §3: the organizations' arrays flattened into one list, in the object's key order. */
export function flattenTeams(organizations: Readonly<Record<string, readonly Team[]>>): Team[] {
  return Object.values(organizations).flat();
}
