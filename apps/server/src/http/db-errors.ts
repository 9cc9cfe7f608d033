/** A PostgreSQL unique_violation (23505), whether raised directly or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  return causes(error).some((e) => e.code === '23505');
}

/** A PostgreSQL deadlock_detected (40P01): this statement was the one ended to break it. */
export function isDeadlock(error: unknown): boolean {
  return causes(error).some((e) => e.code === '40P01');
}

// Connection-level failures: the database is away (refused, reset, shut down, timed out),
// not a problem with the query. SQLSTATE class 08 is "connection exception"; 57P01-57P03 are
// administrator shutdown, crash shutdown and cannot-connect-now.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
]);
const UNAVAILABLE_MESSAGES =
  /connection terminated|connection timeout|timeout exceeded when trying to connect|client has encountered a connection error|not queryable/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  return causes(error).some(
    (e) =>
      (typeof e.code === 'string' && (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('08'))) ||
      (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)),
  );
}

function causes(error: unknown): { code?: unknown; message?: unknown }[] {
  const chain: { code?: unknown; message?: unknown }[] = [];
  for (
    let e: unknown = error;
    e && typeof e === 'object' && chain.length < 10;
    e = (e as { cause?: unknown }).cause
  ) {
    chain.push(e as { code?: unknown; message?: unknown });
  }
  return chain;
}
