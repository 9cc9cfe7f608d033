import { describe, expect, it } from 'vitest';
import {
  INVALID_PHONE_NUMBER_MESSAGE,
  outboundNumberSchema,
  PHONE_NUMBER_REQUIRED_MESSAGE,
  validateOutboundNumber,
} from './validate-outbound-number';

// spec §5: outbound number.
const rows = [
  { input: '', expected: 'Phone number is required', why: 'rejects an empty number' },
  { input: '   ', expected: 'Phone number is required', why: 'rejects a blank number' },
  { input: '5550100123', expected: null, why: 'accepts 10 digits' },
  { input: '+15550100123', expected: null, why: 'accepts a plus and 11 digits' },
  {
    input: '(555) 010-0123',
    expected: null,
    why: 'accepts a number with spaces, hyphens and parentheses',
  },
  { input: '555.010.0123', expected: null, why: 'accepts a number with dots' },
  { input: '+123456789012345', expected: null, why: 'accepts 15 digits' },
  { input: '12', expected: null, why: 'accepts a digit 1-9 then 1 more digit' },
  { input: '1', expected: 'Invalid phone number', why: 'rejects a single digit' },
  { input: '1234567890123456', expected: 'Invalid phone number', why: 'rejects a 16-digit number' },
  { input: '0550100123', expected: 'Invalid phone number', why: 'rejects a leading 0' },
  { input: '+0550100123', expected: 'Invalid phone number', why: 'rejects a 0 after the plus' },
  { input: '++15550100123', expected: 'Invalid phone number', why: 'rejects two pluses' },
  { input: '555-CALL-NOW', expected: 'Invalid phone number', why: 'rejects letters' },
  { input: '555/010/0123', expected: 'Invalid phone number', why: 'rejects slashes' },
  {
    input: '5550100123+',
    expected: 'Invalid phone number',
    why: 'rejects a plus that is not first',
  },
] as const;

describe('validateOutboundNumber', () => {
  it.each(rows)("$why: '$input' → $expected", ({ input, expected }) => {
    expect(validateOutboundNumber(input)).toBe(expected);
  });

  it('exports the spec messages as constants', () => {
    expect(PHONE_NUMBER_REQUIRED_MESSAGE).toBe('Phone number is required');
    expect(INVALID_PHONE_NUMBER_MESSAGE).toBe('Invalid phone number');
  });
});

describe('outboundNumberSchema', () => {
  it.each(rows)("$why: '$input' → $expected", ({ input, expected }) => {
    const result = outboundNumberSchema.safeParse(input);
    expect(result.success ? null : result.error.issues.map((issue) => issue.message)).toEqual(
      expected === null ? null : [expected],
    );
  });

  it("rejects a missing value with 'Phone number is required'", () => {
    const result = outboundNumberSchema.safeParse(undefined);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Phone number is required',
    ]);
  });

  it('returns an accepted number unchanged', () => {
    expect(outboundNumberSchema.parse('(555) 010-0123')).toBe('(555) 010-0123');
  });
});
