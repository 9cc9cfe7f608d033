import { describe, expect, it } from 'vitest';
import {
  OPT_OUT_KEYWORDS,
  SMS_HELP_KEYWORDS,
  SMS_OPT_IN_KEYWORDS,
  SMS_OPT_OUT_KEYWORDS,
  smsKeyword,
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

// The server reads texts with smsKeyword until it switches; its answers must not change.
describe('smsKeyword (the server’s current reading)', () => {
  it.each(['STOP', 'stop', ' Stop ', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'])(
    'reads %j as an opt-out',
    (body) => {
      expect(smsKeyword(body)).toBe('opt-out');
    },
  );
  it.each(['REVOKE', 'OPTOUT'])('does not yet read %j as an opt-out', (body) => {
    expect(smsKeyword(body)).toBeNull();
  });
  it.each([
    { body: 'START', kind: 'opt-in' },
    { body: 'unstop', kind: 'opt-in' },
    { body: 'Yes', kind: 'opt-in' },
    { body: 'HELP', kind: 'help' },
    { body: 'info', kind: 'help' },
    { body: 'please stop by at 5', kind: null },
    { body: 'STOP IT', kind: null },
    { body: '', kind: null },
  ])('reads $body as $kind', ({ body, kind }) => {
    expect(smsKeyword(body)).toBe(kind);
  });
  it('knows the first six opt-out words only', () => {
    expect(OPT_OUT_KEYWORDS).toEqual(SMS_OPT_OUT_KEYWORDS.slice(0, 6));
  });
});
