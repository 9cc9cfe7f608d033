import { describe, expect, it } from 'vitest';
import { statResponseSchema } from './stat-response-schema';

// spec §3: stats responses carry current and previous numbers.
describe('statResponseSchema', () => {
  it.each([
    { why: 'accepts current and previous', input: { current: 12, previous: 8 }, ok: true },
    { why: 'rejects a numeric string', input: { current: '12', previous: 8 }, ok: false },
    { why: 'rejects a missing previous', input: { current: 12 }, ok: false },
    {
      why: 'accepts the period and the basis',
      input: {
        current: 12,
        previous: 8,
        from: '2026-11-16',
        to: '2026-11-22',
        start: '2026-11-16T06:00:00.000Z',
        end: '2026-11-23T06:00:00.000Z',
        basis: 'cash',
      },
      ok: true,
    },
    {
      why: 'rejects an unknown basis',
      input: { current: 1, previous: 0, basis: 'yearly' },
      ok: false,
    },
    {
      why: 'rejects a day that is not one',
      input: { current: 1, previous: 0, from: '2026-13-01' },
      ok: false,
    },
  ])('$why', ({ input, ok }) => {
    expect(statResponseSchema.safeParse(input).success).toBe(ok);
  });
});
