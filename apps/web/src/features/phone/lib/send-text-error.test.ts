import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { sendTextErrorDetail, sendTextErrorMessage } from './send-text-error';

const apiError = (status: number, message = 'Nope') =>
  new ApiError(status, { error: { code: 'bad_request', message } });

describe('sendTextErrorMessage (spec §8 send new text)', () => {
  it.each([
    [403, 'You do not have permission to send messages'],
    [400, 'Invalid phone number'],
    [404, 'Invalid phone number'],
    [409, 'Invalid phone number'],
    [422, 'Invalid phone number'],
    [499, 'Invalid phone number'],
    [500, 'Failed to send message, please try again.'],
    [502, 'Failed to send message, please try again.'],
  ])('maps HTTP %i to %j', (status, message) => {
    expect(sendTextErrorMessage(apiError(status))).toBe(message);
  });

  it("says 'Failed to send message, please try again.' when the request never got an answer", () => {
    expect(sendTextErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'Failed to send message, please try again.',
    );
  });

  it("gives the server's reason for a refused number (opted out) and nothing otherwise", () => {
    expect(sendTextErrorDetail(apiError(409, 'This number has opted out of texts.'))).toBe(
      'This number has opted out of texts.',
    );
    expect(sendTextErrorDetail(apiError(400))).toBeNull();
    expect(sendTextErrorDetail(new Error('x'))).toBeNull();
  });
});
