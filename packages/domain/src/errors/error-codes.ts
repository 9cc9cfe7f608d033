// The API's error codes and the HTTP status each one is sent with.
export const ERROR_CODES = {
  bad_request: 400,
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  // back-office §13: a plan's limit is reached (the body names the plan that lifts it).
  plan_limit: 403,
  // §13: the trial ended without a payment method: reads only until the account pays.
  account_read_only: 403,
  not_found: 404,
  conflict: 409,
  // back-office API appendix: the order state machine forbids the move.
  invalid_transition: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_CODES, value);
}

export function errorStatus(code: ErrorCode): number {
  return ERROR_CODES[code];
}
