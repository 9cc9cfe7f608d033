import { normalizePhone, validateOutboundNumber } from '@tentpole/domain';
import { isPossiblePhoneNumber } from 'libphonenumber-js/min';
import type { z } from 'zod';

/**
 * On top of the spec's number rule (a plus, a digit 1-9, up to 15 digits), the server asks
 * whether the number is a possible one for its country code: '123' passes the rule and would
 * be stored as '+123', which no carrier can dial. libphonenumber's metadata stays on the server
 * (the web app's bundle does not carry it); the form keeps the spec's own check.
 */
export function isPossibleNumber(input: string): boolean {
  const e164 = normalizePhone(input);
  return e164 !== '' && isPossiblePhoneNumber(e164);
}

/**
 * Adds an issue at `path` when `value` passes the spec's rule but is not a possible number (a
 * value the rule refuses already has its issue).
 */
export function checkPossibleNumber(
  ctx: z.RefinementCtx,
  path: (string | number)[],
  value: string | null | undefined,
  message: string,
): void {
  if (value && validateOutboundNumber(value) === null && !isPossibleNumber(value))
    ctx.addIssue({ code: 'custom', path, message });
}
