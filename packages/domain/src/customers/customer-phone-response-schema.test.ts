import { describe, expect, it } from 'vitest';
import { customerPhoneResponseSchema } from './customer-phone-response-schema';

describe('customerPhoneResponseSchema', () => {
  it.each([
    { why: 'accepts no calls and no messages', input: { calls: [], messages: [] }, ok: true },
    {
      why: 'accepts messages of any shape',
      input: { calls: [], messages: [{ id: 'm1' }, 'x'] },
      ok: true,
    },
    {
      why: 'rejects a call that is not a call log entry',
      input: { calls: [{ id: 'c1' }], messages: [] },
      ok: false,
    },
    { why: 'rejects a response without messages', input: { calls: [] }, ok: false },
  ])('$why', ({ input, ok }) => {
    expect(customerPhoneResponseSchema.safeParse(input).success).toBe(ok);
  });
});
