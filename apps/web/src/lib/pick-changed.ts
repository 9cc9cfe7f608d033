/**
 * The parsed values of the fields a form changed, for a PATCH that sends only what changed.
 * `changed` comes from react-hook-form's dirty fields (their top-level names).
 */
export function pickChanged<TValues extends object, TKey extends keyof TValues>(
  values: TValues,
  changed: readonly TKey[],
): Pick<TValues, TKey> {
  return Object.fromEntries(changed.map((field) => [field, values[field]])) as Pick<TValues, TKey>;
}
