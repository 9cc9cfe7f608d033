import { z } from 'zod';

export const existingCustomerSchema = z.object({ id: z.string(), name: z.string() });
export type ExistingCustomer = z.output<typeof existingCustomerSchema>;

/**
 * A 409 from saving a customer names the customer who already has the e-mail address or phone
 * number, beside the standard error fields (which errorBodySchema reads and this one drops).
 */
export const customerConflictErrorSchema = z.object({
  error: z.object({ existingCustomer: existingCustomerSchema }),
});
