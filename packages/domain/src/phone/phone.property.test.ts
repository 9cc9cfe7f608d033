import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPhone } from './format-phone';
import { normalizePhone } from './normalize-phone';
import { MAX_PHONE_DIGITS } from './phone-constants';
import { validateOutboundNumber } from './validate-outbound-number';

const digitsOf = (s: string) => s.replace(/\D/g, '');

// Strings that look like typed phone numbers: digits mixed with formatting and noise.
const phoneLike = fc
  .array(fc.constantFrom(...'0123456789+-(). 1abc'.split('')), { maxLength: 20 })
  .map((chars) => chars.join(''));
const anyInput = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), phoneLike);

// Any text around exactly `count` ASCII digits: noise (with no ASCII digit) before each digit.
const noise = fc.string({ maxLength: 3 }).map((s) => s.replace(/[0-9]/g, ''));
const withDigitCount = (count: number) =>
  fc
    .tuple(
      fc.array(fc.tuple(noise, fc.constantFrom(...'0123456789'.split(''))), {
        minLength: count,
        maxLength: count,
      }),
      noise,
    )
    .map(([pairs, tail]) => pairs.map(([before, digit]) => before + digit).join('') + tail);
// Plausible numbers of 2 to 17 digits, some too long to be accepted, with formatting mixed in.
const numberShaped = fc
  .tuple(fc.stringMatching(/^\+?[1-9][0-9]{1,16}$/), fc.constantFrom('', ' ', '-', '.', '('))
  .map(([number, separator]) => number.replace(/(\d{3})(?=\d)/g, `$1${separator}`));

// Inputs whose normalised form has 10 or 11 digits, with a leading 1 made common.
const tenOrElevenDigits = fc.oneof(
  withDigitCount(10),
  withDigitCount(11),
  withDigitCount(10).map((s) => `+1 ${s}`),
);

describe('phone rules on arbitrary input', () => {
  it('normalizePhone, formatPhone and validateOutboundNumber never throw', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        normalizePhone(input);
        formatPhone(input);
        validateOutboundNumber(input);
      }),
    );
  });

  // spec §5: with N = the digits of normalizePhone(x), when N has 10 or 11 digits the digits
  // of formatPhone(x) are N, less its first digit when N is 11 digits starting with 1.
  it('formatPhone keeps every digit of a 10- or 11-digit number but a leading country code 1', () => {
    fc.assert(
      fc.property(fc.oneof(anyInput, tenOrElevenDigits), (input) => {
        const normalised = digitsOf(normalizePhone(input));
        fc.pre(normalised.length === 10 || normalised.length === 11);
        const expected =
          normalised.length === 11 && normalised.startsWith('1') ? normalised.slice(1) : normalised;
        expect(digitsOf(formatPhone(input))).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('formatPhone returns any other non-blank input unchanged', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const count = digitsOf(normalizePhone(input)).length;
        fc.pre(count !== 10 && count !== 11 && input.trim() !== '');
        expect(formatPhone(input)).toBe(input);
      }),
    );
  });

  it('any number validateOutboundNumber accepts normalises to at most 15 digits', () => {
    fc.assert(
      fc.property(fc.oneof(anyInput, numberShaped), (input) => {
        fc.pre(validateOutboundNumber(input) === null);
        const normalised = normalizePhone(input);
        expect(normalised).toMatch(/^\+\d+$/);
        expect(digitsOf(normalised).length).toBeLessThanOrEqual(MAX_PHONE_DIGITS);
      }),
      { numRuns: 500 },
    );
  });
});
