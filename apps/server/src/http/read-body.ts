import { zodFieldErrors } from '@tentpole/domain';
import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError } from './app-error.js';

const NUL_MESSAGE = 'Must not contain NUL characters';

/** Field errors for every string holding a NUL (PostgreSQL cannot store one in text). */
function nulFields(value: unknown, path: string[] = []): Record<string, string[]> {
  if (typeof value === 'string') {
    return value.includes('\u0000') ? { [path.join('.') || 'body']: [NUL_MESSAGE] } : {};
  }
  if (Array.isArray(value)) {
    return Object.assign({}, ...value.map((item, i) => nulFields(item, [...path, String(i)])));
  }
  if (value && typeof value === 'object') {
    return Object.assign(
      {},
      ...Object.entries(value).map(([key, item]) => nulFields(item, [...path, key])),
    );
  }
  return {};
}

function refuseNul(value: unknown): void {
  const fields = nulFields(value);
  if (Object.keys(fields).length > 0) {
    throw new AppError('validation_failed', 'Some fields are not valid.', fields);
  }
}

/**
 * Parses a JSON body with a domain schema: malformed JSON and bad fields are 400s. With
 * `optional`, an empty body reads as `{}` (a bad one is still a 400).
 */
export async function readJson<S extends z.ZodType>(
  c: Context,
  schema: S,
  { optional = false }: { optional?: boolean } = {},
): Promise<z.output<S>> {
  let body: unknown;
  try {
    const text = await c.req.text();
    body = optional && text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new AppError('bad_request', 'The request body is not valid JSON.');
  }
  refuseNul(body);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new AppError(
      'validation_failed',
      'Some fields are not valid.',
      zodFieldErrors(parsed.error),
    );
  }
  return parsed.data;
}

/** Parses the query string with a domain schema: bad parameters are a 400 naming them. */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  // A query the route does not declare is missing from the API document and its 400 (found by
  // the authenticated-reads bench: the cart sessions' from and to).
  const declared: unknown = c.get('declaredQuery');
  if (declared !== undefined && declared !== schema)
    throw new Error(
      `${c.req.method} ${c.req.routePath} reads a query its route does not declare; declare it as the route's query`,
    );
  const query = c.req.query();
  refuseNul(query);
  const parsed = schema.safeParse(query);
  if (!parsed.success) {
    throw new AppError(
      'validation_failed',
      'Some parameters are not valid.',
      zodFieldErrors(parsed.error),
    );
  }
  return parsed.data;
}
