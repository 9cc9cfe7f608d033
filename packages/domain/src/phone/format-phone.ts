import { normalizePhone } from './normalize-phone';
import { NATIONAL_NUMBER_DIGITS } from './phone-constants';

function nationalFormat(digits: string): string {
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 10)}`;
}

/**
 * spec §5: display format. After normalising, a leading country code 1 is removed; it is only
 * removed when 10 digits remain, so '+15550100123' shows as '(555) 010-0123' while a
 * 12-digit number starting with 1 is left alone. Blank input gives ''. Any length other
 * than 10 or 11 returns the original input unchanged.
 */
export function formatPhone(input: string | null | undefined): string {
  if (input == null || input.trim() === '') return '';
  let digits = normalizePhone(input).slice(1);
  if (digits.length === NATIONAL_NUMBER_DIGITS + 1 && digits.startsWith('1')) {
    digits = digits.slice(1);
  }
  if (digits.length === NATIONAL_NUMBER_DIGITS) return nationalFormat(digits);
  if (digits.length === NATIONAL_NUMBER_DIGITS + 1) {
    return `+${digits.slice(0, 1)} ${nationalFormat(digits.slice(1))}`;
  }
  return input;
}
