import { z } from 'zod';
import { defineJob, type JobDeps } from '../feature.js';
import { OPEN_DOWNTIME_JOB } from './queries.js';
import { openDowntime } from './service.js';

const payload = z.object({
  accountId: z.string().uuid(),
  productId: z.string().uuid(),
  quantity: z.number().int().min(1),
  reason: z.enum(['damaged', 'missing']),
  note: z.string().max(1_000),
  from: z.string(),
});

/** Units that came back damaged or missing leave stock: a hard, open-ended downtime. */
export function inventoryJobs({ db }: JobDeps) {
  return [
    defineJob({
      kind: OPEN_DOWNTIME_JOB,
      payload,
      async run(job) {
        await openDowntime(db, job.accountId, job.productId, {
          quantity: job.quantity,
          unitId: null,
          reason: job.reason,
          from: job.from,
          until: null,
          hard: true,
          note: job.note,
        });
      },
    }),
  ];
}
