import { normalizePhone } from './normalize-phone';
import { NATIONAL_NUMBER_DIGITS } from './phone-constants';

function nationalFormat(digits: string): string {
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 10)}`;
}

/**
 * spec §5: display format. Blank input gives ''. After normalising, a leading country code 1
 * is removed; then 10 digits show as (AAA) BBB-CCCC and 11 as +N (AAA) BBB-CCCC. Any other
 * length returns the original input unchanged.
 */
export function formatPhone(input: string | null | undefined): string {
  if (input == null || input.trim() === '') return '';
  let digits = normalizePhone(input).slice(1);
  if (digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length === NATIONAL_NUMBER_DIGITS) return nationalFormat(digits);
  if (digits.length === NATIONAL_NUMBER_DIGITS + 1) {
    return `+${digits.slice(0, 1)} ${nationalFormat(digits.slice(1))}`;
  }
  return input;
}
