import { randomBytes } from 'node:crypto';

/** Twilio resource SIDs: a two-letter prefix and 32 lowercase hex digits (`CA…`, `SM…`, `PN…`). */
export type SidPrefix = 'AP' | 'CA' | 'ME' | 'MM' | 'PN' | 'RE' | 'SM';

export function newSid(prefix: SidPrefix): string {
  return prefix + randomBytes(16).toString('hex');
}

export function newIdempotencyToken(): string {
  return randomBytes(16).toString('hex');
}
