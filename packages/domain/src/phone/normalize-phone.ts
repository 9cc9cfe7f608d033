import { DEFAULT_COUNTRY_CODE, NATIONAL_NUMBER_DIGITS } from './phone-constants';

/**
 * spec §5: strip every non-digit; exactly 10 digits get +1, anything else gets + only.
 * Input with no digits at all normalises to '' rather than a bare '+', so that an empty
 * field stays empty.
 */
export function normalizePhone(input: string): string {
  const digits = input.replace(/\D/g, '');
  if (digits.length === 0) return '';
  if (digits.length === NATIONAL_NUMBER_DIGITS) return `${DEFAULT_COUNTRY_CODE}${digits}`;
  return `+${digits}`;
}
