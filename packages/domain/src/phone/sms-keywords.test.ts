import { describe, expect, it } from 'vitest';
import {
  SMS_HELP_KEYWORDS,
  SMS_OPT_IN_KEYWORDS,
  SMS_OPT_OUT_KEYWORDS,
  smsKeywordKind,
} from './sms-keywords';

describe('SMS keywords (Twilio defaults)', () => {
  it("holds Twilio's whole opt-out list, opt-in and help words", () => {
    expect(SMS_OPT_OUT_KEYWORDS).toEqual([
      'STOP',
      'STOPALL',
      'UNSUBSCRIBE',
      'CANCEL',
      'END',
      'QUIT',
      'REVOKE',
      'OPTOUT',
    ]);
    expect(SMS_OPT_IN_KEYWORDS).toEqual(['START', 'UNSTOP', 'YES']);
    expect(SMS_HELP_KEYWORDS).toEqual(['HELP', 'INFO']);
  });
});

describe('smsKeywordKind', () => {
  it.each([
    ...['STOP', 'stop', ' Stop ', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'],
    ...['REVOKE', 'optout', 'OptOut\n'],
  ])('reads %j as an opt-out', (body) => {
    expect(smsKeywordKind(body)).toBe('opt-out');
  });
  it.each(['START', 'unstop', 'Yes'])('reads %j as an opt-in', (body) => {
    expect(smsKeywordKind(body)).toBe('opt-in');
  });
  it.each(['HELP', 'info'])('reads %j as a help request', (body) => {
    expect(smsKeywordKind(body)).toBe('help');
  });
  it.each(['please stop by at 5', 'STOP IT', 'yes please', 'OPT OUT', ''])(
    'treats %j as an ordinary text',
    (body) => {
      expect(smsKeywordKind(body)).toBeNull();
    },
  );
});
