import { describe, expect, it } from 'vitest';
import { customerConflictErrorSchema } from './customer-conflict-schema';

describe('customerConflictErrorSchema', () => {
  it('reads the customer who already holds the value', () => {
    const body = {
      error: {
        code: 'CONFLICT',
        message: 'A customer with this e-mail address already exists',
        existingCustomer: { id: 'cust-1', name: 'Jamie Fox' },
      },
    };
    expect(customerConflictErrorSchema.parse(body)).toEqual({
      error: { existingCustomer: { id: 'cust-1', name: 'Jamie Fox' } },
    });
  });

  it.each([
    { why: 'an error without the existing customer', input: { error: { code: 'CONFLICT' } } },
    {
      why: 'an existing customer without a name',
      input: { error: { existingCustomer: { id: 'c' } } },
    },
    { why: 'a body that is not an error', input: null },
  ])('rejects $why', ({ input }) => {
    expect(customerConflictErrorSchema.safeParse(input).success).toBe(false);
  });
});
