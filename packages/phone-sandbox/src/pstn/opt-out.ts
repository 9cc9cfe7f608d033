/**
 * Twilio's default opt-out handling for long-code numbers ("SMS STOP filtering"): a phone that
 * texts an opt-out keyword to a Twilio number is blocked from that number (the REST API then
 * answers 21610), gets Twilio's standard confirmation, and the text still reaches the number's
 * webhook. Only a whole, single-word body counts ("STOP" does, "STOP PLEASE" does not), in any
 * case.
 */
export type OptOutType = 'STOP' | 'START' | 'HELP';

/**
 * Twilio's help article lists STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT; its Advanced
 * Opt-Out guide adds REVOKE and OPTOUT to the default English opt-out keywords.
 */
export const OPT_OUT_KEYWORDS: readonly string[] = [
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
];
export const OPT_IN_KEYWORDS: readonly string[] = ['START', 'UNSTOP', 'YES'];
export const HELP_KEYWORDS: readonly string[] = ['HELP', 'INFO'];

/** Twilio's standard replies to the keywords (long codes, no Messaging Service). */
export const OPT_OUT_REPLIES: Readonly<Record<OptOutType, string>> = {
  STOP: 'You have successfully been unsubscribed. You will not receive any more messages from this number. Reply START to resubscribe.',
  START:
    'You have successfully been re-subscribed to messages from this number. Reply HELP for help. Reply STOP to unsubscribe. Msg&Data Rates May Apply.',
  HELP: 'Reply STOP to unsubscribe. Msg&Data Rates May Apply.',
};

/** The keyword a body is, if it is one: the whole trimmed body, case-insensitive. */
export function optOutType(body: string): OptOutType | null {
  const word = body.trim().toUpperCase();
  if (OPT_OUT_KEYWORDS.includes(word)) return 'STOP';
  if (OPT_IN_KEYWORDS.includes(word)) return 'START';
  if (HELP_KEYWORDS.includes(word)) return 'HELP';
  return null;
}

export interface OptOutEntry {
  /** The phone that texted the keyword (the recipient the business may no longer text). */
  phone: string;
  /** The Twilio number it texted. */
  business: string;
  optedOutAt: Date;
}

/** Which (phone, business number) pairs are unsubscribed. */
export class OptOutRegistry {
  private readonly entries = new Map<string, OptOutEntry>();

  private key(phone: string, business: string): string {
    return `${phone}|${business}`;
  }

  optOut(phone: string, business: string, at = new Date()): void {
    if (!this.isOptedOut(phone, business))
      this.entries.set(this.key(phone, business), { phone, business, optedOutAt: at });
  }

  optIn(phone: string, business: string): boolean {
    return this.entries.delete(this.key(phone, business));
  }

  isOptedOut(phone: string, business: string): boolean {
    return this.entries.has(this.key(phone, business));
  }

  list(): OptOutEntry[] {
    return [...this.entries.values()];
  }

  /** Removes every entry, or those matching `phone` and/or `business`. Returns how many. */
  clear(filter: { phone?: string; business?: string } = {}): number {
    let removed = 0;
    for (const [key, entry] of this.entries) {
      if (filter.phone !== undefined && entry.phone !== filter.phone) continue;
      if (filter.business !== undefined && entry.business !== filter.business) continue;
      this.entries.delete(key);
      removed += 1;
    }
    return removed;
  }
}
