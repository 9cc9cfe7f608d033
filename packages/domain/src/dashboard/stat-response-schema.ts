import { z } from 'zod';
import { reportBasisSchema } from '../reports/report-basis';

const localDay = z.iso.date();

// spec §3, §7: each stats tile's response carries current and previous numbers. back-office
// §11 defines the tiles from the reports' queries: the response also names the current
// period (so a tile opens the report or list behind it) and, for revenue, the basis counted.
export const statResponseSchema = z.object({
  current: z.number(),
  previous: z.number(),
  /** The current period's first and last local day (the account's time zone). */
  from: localDay.optional(),
  to: localDay.optional(),
  /** The same period as instants: `start` included, `end` excluded. */
  start: z.iso.datetime({ offset: true }).optional(),
  end: z.iso.datetime({ offset: true }).optional(),
  /** How YTD Revenue is counted: the account's chosen basis. */
  basis: reportBasisSchema.optional(),
});

export type StatResponse = z.output<typeof statResponseSchema>;
