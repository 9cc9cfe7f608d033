import { describe, expect, it } from 'vitest';
import { DIAL_DIGITS_PATTERN, isDialDigits } from './dial-digits';

// spec §5: dial digits are 0-9, *, # and w only.
describe('isDialDigits', () => {
  it.each([
    { input: '0123456789', expected: true, why: 'accepts every digit' },
    { input: '*', expected: true, why: 'accepts star' },
    { input: '#', expected: true, why: 'accepts hash' },
    { input: '1w2ww#', expected: true, why: 'accepts w pauses between digits' },
    { input: '', expected: false, why: 'rejects an empty string (nothing to send)' },
    { input: 'W', expected: false, why: 'rejects an upper-case W' },
    { input: '1 2', expected: false, why: 'rejects a space' },
    { input: '+1', expected: false, why: 'rejects a plus' },
    { input: 'a', expected: false, why: 'rejects other letters' },
    { input: '١', expected: false, why: 'rejects non-ASCII digits' },
  ])("$why: '$input' → $expected", ({ input, expected }) => {
    expect(isDialDigits(input)).toBe(expected);
    expect(DIAL_DIGITS_PATTERN.test(input)).toBe(expected);
  });
});
