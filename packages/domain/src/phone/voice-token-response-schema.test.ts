import { describe, expect, it } from 'vitest';
import { voiceTokenResponseSchema } from './voice-token-response-schema';

// spec §5: the voice token must be a string.
describe('voiceTokenResponseSchema', () => {
  it.each([
    { why: 'accepts a string token', input: { token: 'eyJhbGciOi' }, ok: true },
    { why: 'rejects a numeric token', input: { token: 42 }, ok: false },
    { why: 'rejects a missing token', input: {}, ok: false },
  ])('$why', ({ input, ok }) => {
    expect(voiceTokenResponseSchema.safeParse(input).success).toBe(ok);
  });
});
