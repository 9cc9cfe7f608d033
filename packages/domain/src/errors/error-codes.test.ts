import { describe, expect, it } from 'vitest';
import { ERROR_CODE_LIST, ERROR_CODES, errorStatus, isErrorCode } from './error-codes';

describe('ERROR_CODES', () => {
  it.each([
    { code: 'bad_request', status: 400 },
    { code: 'validation_failed', status: 400 },
    { code: 'unauthenticated', status: 401 },
    { code: 'forbidden', status: 403 },
    { code: 'plan_limit', status: 403 },
    { code: 'account_read_only', status: 403 },
    { code: 'not_found', status: 404 },
    { code: 'conflict', status: 409 },
    { code: 'invalid_transition', status: 409 },
    { code: 'payload_too_large', status: 413 },
    { code: 'rate_limited', status: 429 },
    { code: 'internal', status: 500 },
    { code: 'unavailable', status: 503 },
  ] as const)('sends $code as HTTP $status', ({ code, status }) => {
    expect(ERROR_CODES[code]).toBe(status);
    expect(errorStatus(code)).toBe(status);
  });

  it('lists exactly the thirteen codes', () => {
    expect(ERROR_CODE_LIST).toHaveLength(13);
  });

  it.each([
    { value: 'not_found', expected: true },
    { value: 'teapot', expected: false },
    { value: 'toString', expected: false },
  ])('recognises $value as a code: $expected', ({ value, expected }) => {
    expect(isErrorCode(value)).toBe(expected);
  });
});
