import { z } from 'zod';
import { teamSchema } from './teams-schema';

export const TEAM_NAME_REQUIRED_MESSAGE = 'Team name is required';
export const TEAM_NAME_MAX = 80;

/** 'Add team' in the account switcher: a new account the user holds. */
export const createTeamInputSchema = z.object({
  name: z
    .string({ error: TEAM_NAME_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: TEAM_NAME_REQUIRED_MESSAGE })
    .max(TEAM_NAME_MAX, { error: `Team name must be at most ${TEAM_NAME_MAX} characters` }),
});

export type CreateTeamInput = z.output<typeof createTeamInputSchema>;

/** The answer to 'Add team': the new account, as the teams list shows it. */
export const createTeamResponseSchema = z.object({ team: teamSchema });
export type CreateTeamResponse = z.output<typeof createTeamResponseSchema>;
