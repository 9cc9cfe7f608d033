/**
 * Twilio's default keywords for long-code numbers: a text whose whole body (trimmed, any case)
 * is one of them. Twilio's help article lists STOP, STOPALL, UNSUBSCRIBE, CANCEL, END and QUIT;
 * its Advanced Opt-Out guide adds REVOKE and OPTOUT. The carrier acts on them itself (it blocks
 * the sender after an opt-out and answers it); the app records the opt-out and does not forward
 * a keyword as an ordinary text. The phone sandbox uses the same words.
 */
export const SMS_OPT_OUT_KEYWORDS = [
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
] as const;
export const SMS_OPT_IN_KEYWORDS = ['START', 'UNSTOP', 'YES'] as const;
export const SMS_HELP_KEYWORDS = ['HELP', 'INFO'] as const;

export type SmsKeywordKind = 'opt-out' | 'opt-in' | 'help';

function isKeyword(list: readonly string[], word: string): boolean {
  return list.includes(word);
}

/** What a text's body asks for when it is one of Twilio's keywords, else null. */
export function smsKeywordKind(body: string): SmsKeywordKind | null {
  const word = body.trim().toUpperCase();
  if (isKeyword(SMS_OPT_OUT_KEYWORDS, word)) return 'opt-out';
  if (isKeyword(SMS_OPT_IN_KEYWORDS, word)) return 'opt-in';
  if (isKeyword(SMS_HELP_KEYWORDS, word)) return 'help';
  return null;
}
