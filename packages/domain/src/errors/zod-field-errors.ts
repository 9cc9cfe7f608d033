import type { z } from 'zod';

/**
 * Field errors keyed by the issue path joined with '.' ('forwardIncomingCallsTo.0');
 * an issue about the whole value has the key ''. Messages keep the order zod reports them in.
 */
export function zodFieldErrors(error: z.ZodError): Record<string, string[]> {
  // A Map, then fromEntries: a path such as '__proto__' becomes a plain key, not a prototype.
  const fields = new Map<string, string[]>();
  for (const issue of error.issues) {
    const key = issue.path.map((segment) => String(segment)).join('.');
    fields.set(key, [...(fields.get(key) ?? []), issue.message]);
  }
  return Object.fromEntries(fields);
}
