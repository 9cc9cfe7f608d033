import { type ErrorBody, type ErrorCode, errorBodySchema } from '@tentpole/domain';
import type { z } from 'zod';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    /** The parsed error body, or null when the server sent something else (a proxy's HTML page). */
    readonly body: ErrorBody | null,
  ) {
    super(body?.error.message ?? `Request failed with status ${status}`);
  }

  get code(): ErrorCode | undefined {
    return this.body?.error.code;
  }
}

type ApiRequestInit = Omit<RequestInit, 'body'> & {
  /** Sent as JSON. */
  json?: unknown;
  /** Sent form-encoded (Auth.js endpoints take forms), or multipart with files (uploads). */
  form?: URLSearchParams | FormData;
};

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Fetches `path` on this origin and returns the parsed JSON body, checked against `schema`.
 * Throws `ApiError` on a non-2xx answer; throws a ZodError when the answer does not match the
 * schema (a broken contract, not a user error).
 */
export async function apiFetch<TSchema extends z.ZodType>(
  path: string,
  schema: TSchema,
  { json, form, headers, ...init }: ApiRequestInit = {},
): Promise<z.output<TSchema>> {
  const requestHeaders = new Headers(headers);
  requestHeaders.set('Accept', 'application/json');
  if (json !== undefined) requestHeaders.set('Content-Type', 'application/json');

  const response = await fetch(path, {
    credentials: 'same-origin',
    ...init,
    headers: requestHeaders,
    body: json === undefined ? form : JSON.stringify(json),
  });
  const body = await readJson(response);

  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(body);
    throw new ApiError(response.status, parsed.success ? parsed.data : null);
  }
  return schema.parse(body);
}

/** A refused write (bad input, a conflict, no permission) is not worth a retry; a 5xx once is. */
export function retryServerErrorsOnce(failureCount: number, error: Error): boolean {
  return failureCount < 1 && !(error instanceof ApiError && error.status < 500);
}
