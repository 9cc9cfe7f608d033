import { describe, expect, it } from 'vitest';
import { statResponseSchema } from './stat-response-schema';

// spec §3: stats responses carry current and previous numbers.
describe('statResponseSchema', () => {
  it.each([
    { why: 'accepts current and previous', input: { current: 12, previous: 8 }, ok: true },
    { why: 'rejects a numeric string', input: { current: '12', previous: 8 }, ok: false },
    { why: 'rejects a missing previous', input: { current: 12 }, ok: false },
  ])('$why', ({ input, ok }) => {
    expect(statResponseSchema.safeParse(input).success).toBe(ok);
  });
});
