import { describe, expect, it } from 'vitest';
import { normalizePhone } from './normalize-phone';

// spec §5: strip every non-digit; exactly 10 digits → +1; otherwise + only.
describe('normalizePhone', () => {
  it.each([
    {
      input: '5550100123',
      expected: '+15550100123',
      why: 'prefixes a 10-digit national number with +1',
    },
    {
      input: '(555) 010-0123',
      expected: '+15550100123',
      why: 'strips formatting before counting 10 digits',
    },
    { input: '555.010.0123', expected: '+15550100123', why: 'strips dots' },
    { input: '15550100123', expected: '+15550100123', why: 'prefixes 11 digits with + only' },
    { input: '+1 (555) 010-0123', expected: '+15550100123', why: 'keeps an explicit country code' },
    {
      input: '+44 20 7946 0958',
      expected: '+442079460958',
      why: 'prefixes a 12-digit number with + only',
    },
    { input: '12345', expected: '+12345', why: 'prefixes a short number with + only' },
    { input: 'call 555-010-0123 now', expected: '+15550100123', why: 'drops letters' },
    { input: '', expected: '', why: 'keeps empty input empty (no bare +)' },
    { input: '() -', expected: '', why: 'gives empty for input without digits' },
  ])('$why: $input → $expected', ({ input, expected }) => {
    expect(normalizePhone(input)).toBe(expected);
  });
});
