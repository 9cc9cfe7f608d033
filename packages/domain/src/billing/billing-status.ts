import { z } from 'zod';

/** GET /api/billing/status: what every screen needs (the read-only banner), kept small. */
export const billingStatusSchema = z.object({ readOnly: z.boolean() });
