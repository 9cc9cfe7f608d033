import { describe, expect, it } from 'vitest';
import { formatPhone } from './format-phone';

// spec §5: phone display format.
describe('formatPhone', () => {
  it.each([
    { input: '5550100123', expected: '(555) 010-0123', why: 'shows 10 digits as (AAA) BBB-CCCC' },
    { input: '+15550100123', expected: '(555) 010-0123', why: 'removes a leading country code 1' },
    {
      input: '1 555 010 0123',
      expected: '(555) 010-0123',
      why: 'removes a leading 1 after normalising',
    },
    {
      input: '+25550100123',
      expected: '+2 (555) 010-0123',
      why: 'shows 11 digits as +N (AAA) BBB-CCCC',
    },
    { input: '445550100123', expected: '445550100123', why: 'returns a 12-digit number as it is' },
    {
      input: '+1 2345 678 9012',
      expected: '+2 (345) 678-9012',
      why: 'removes a leading 1 from a longer number too, then shows the 11 left',
    },
    { input: '555-0100', expected: '555-0100', why: 'returns a 7-digit number as it is' },
    { input: 'unknown', expected: 'unknown', why: 'returns input without digits as it is' },
    { input: '', expected: '', why: 'gives empty for an empty string' },
    { input: '   ', expected: '', why: 'gives empty for a blank string' },
    { input: null, expected: '', why: 'gives empty for null' },
    { input: undefined, expected: '', why: 'gives empty for undefined' },
  ])('$why: $input → $expected', ({ input, expected }) => {
    expect(formatPhone(input)).toBe(expected);
  });
});
