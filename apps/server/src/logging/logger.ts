import { pino } from 'pino';

/**
 * The server's one logger: JSON lines on stdout (level, time, message, fields), at `LOG_LEVEL`.
 *
 * Nothing secret reaches it: every credential, cookie, token and password field is redacted
 * wherever it sits in a logged object, and errors are reduced to their type, message, code and
 * status. A carrier client's error carries the request it failed on, with an
 * `Authorization: Basic …` header holding the account SID and auth token; printing the whole
 * object (as `console.error(error)` did) printed the credentials. What a client can put in a
 * line is stripped of control characters where it is logged (features/auth/routes.ts).
 */
export const REDACT_PATHS = [
  'password',
  'authToken',
  'apiKeySecret',
  'secret',
  'token',
  'cookie',
  'authorization',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  '*.password',
  '*.authToken',
  '*.apiKeySecret',
  '*.secret',
  '*.token',
  '*.cookie',
  '*.authorization',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
];

// `Basic <base64>` and `Bearer <token>` wherever they appear in a message.
const CREDENTIAL_IN_TEXT = /\b(Basic|Bearer)\s+[A-Za-z0-9+/=._~-]{8,}/g;

export function scrubText(text: string): string {
  return text.replace(CREDENTIAL_IN_TEXT, '$1 [redacted]');
}

/** An error as a log line may hold it: never its request, config or response objects. */
export function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: scrubText(String(error)) };
  const { code, status } = error as { code?: unknown; status?: unknown };
  return {
    type: error.name,
    message: scrubText(error.message),
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(typeof status === 'number' ? { status } : {}),
    ...(error.stack ? { stack: scrubText(error.stack) } : {}),
    ...(error.cause !== undefined ? { cause: serializeError(error.cause) } : {}),
  };
}

const LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LEVELS)[number];

function initialLevel(): LogLevel {
  const asked = process.env.LOG_LEVEL as LogLevel | undefined;
  return asked && LEVELS.includes(asked) ? asked : 'info';
}

export const logger = pino({
  level: initialLevel(),
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  serializers: { err: serializeError, error: serializeError },
});

/** Set from the checked configuration at start (`LOG_LEVEL`). */
export function setLogLevel(level: LogLevel): void {
  logger.level = level;
}
