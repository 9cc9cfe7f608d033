import { describe, expect, it } from 'vitest';
import {
  createTextInputSchema,
  MESSAGE_BODY_REQUIRED_MESSAGE,
  smsKeyword,
} from './messaging-api-schemas';

describe('smsKeyword (Twilio standard keywords)', () => {
  it.each(['STOP', 'stop', ' Stop ', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'])(
    'reads %j as an opt-out',
    (body) => {
      expect(smsKeyword(body)).toBe('opt-out');
    },
  );
  it.each(['START', 'unstop', 'Yes'])('reads %j as an opt-in', (body) => {
    expect(smsKeyword(body)).toBe('opt-in');
  });
  it.each(['HELP', 'info'])('reads %j as a help request', (body) => {
    expect(smsKeyword(body)).toBe('help');
  });
  it.each(['please stop by at 5', 'STOP IT', 'yes please', ''])(
    'treats %j as an ordinary text',
    (body) => {
      expect(smsKeyword(body)).toBeNull();
    },
  );
});

describe('createTextInputSchema', () => {
  it("rejects a bad number with 'Invalid phone number' and an empty text", () => {
    const result = createTextInputSchema.safeParse({ phoneNumber: '0123', body: '  ' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['phoneNumber', 'Invalid phone number'],
      ['body', MESSAGE_BODY_REQUIRED_MESSAGE],
    ]);
  });
});
