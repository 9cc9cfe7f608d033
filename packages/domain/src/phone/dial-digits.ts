// spec §5: dial digits are 0-9, *, # and w only (w is a half-second pause).
// An empty string is not a dial string: there is nothing to send.
export const DIAL_DIGITS_PATTERN = /^[0-9*#w]+$/;

export function isDialDigits(s: string): boolean {
  return DIAL_DIGITS_PATTERN.test(s);
}
