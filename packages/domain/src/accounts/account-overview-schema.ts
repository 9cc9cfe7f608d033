import { z } from 'zod';

// spec §3: settings may be absent; plan.level is a string, empty by default.
export const accountOverviewSchema = z.object({
  settings: z.record(z.string(), z.unknown()).nullable().default(null),
  plan: z.object({ level: z.string().default('') }),
});

export type AccountOverview = z.output<typeof accountOverviewSchema>;

// spec §7: GET /api/account falls back to no settings and an empty plan level on failure.
export const EMPTY_ACCOUNT_OVERVIEW: AccountOverview = { settings: null, plan: { level: '' } };
