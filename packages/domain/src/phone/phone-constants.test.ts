import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COUNTRY_CODE,
  MAX_PHONE_DIGITS,
  NATIONAL_NUMBER_DIGITS,
  OUTBOUND_DIALOG_OPEN_DELAY_MS,
} from './phone-constants';

// spec §9: business constants.
describe('phone constants', () => {
  it.each([
    { name: 'DEFAULT_COUNTRY_CODE', actual: DEFAULT_COUNTRY_CODE, expected: '+1' },
    { name: 'NATIONAL_NUMBER_DIGITS', actual: NATIONAL_NUMBER_DIGITS, expected: 10 },
    { name: 'MAX_PHONE_DIGITS', actual: MAX_PHONE_DIGITS, expected: 15 },
    { name: 'OUTBOUND_DIALOG_OPEN_DELAY_MS', actual: OUTBOUND_DIALOG_OPEN_DELAY_MS, expected: 100 },
  ])('$name is $expected', ({ actual, expected }) => {
    expect(actual).toBe(expected);
  });
});
