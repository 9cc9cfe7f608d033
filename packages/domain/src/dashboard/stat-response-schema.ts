import { z } from 'zod';

// spec §3, §7: each stats tile's response carries current and previous numbers.
export const statResponseSchema = z.object({
  current: z.number(),
  previous: z.number(),
});

export type StatResponse = z.output<typeof statResponseSchema>;
