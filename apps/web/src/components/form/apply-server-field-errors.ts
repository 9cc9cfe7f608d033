import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/**
 * Puts the server's field errors on the form's fields: a 400 or 409 answers
 * `{ error: { fields: { name: [message] } } }` (domain errorBodySchema). `fieldName` maps a
 * server key ('forwardIncomingCallsTo.0') to a form field, or null for one the form lacks.
 * Returns the fields it set, in the server's order; none when the error names no field.
 */
export function applyServerFieldErrors<TValues extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<TValues>,
  fieldName: (key: string) => FieldPath<TValues> | null,
  { shouldFocus = false }: { shouldFocus?: boolean } = {},
): FieldPath<TValues>[] {
  const fields = error instanceof ApiError ? error.body?.error.fields : undefined;
  const applied: FieldPath<TValues>[] = [];
  for (const [key, messages] of Object.entries(fields ?? {})) {
    const name = fieldName(key);
    const [message] = messages;
    if (!name || message === undefined) continue;
    setError(name, { type: 'server', message }, { shouldFocus });
    applied.push(name);
  }
  return applied;
}
