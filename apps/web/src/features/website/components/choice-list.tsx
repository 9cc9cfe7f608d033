import { useId } from 'react';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { FieldDescription, FieldError, FieldLegend, FieldSet } from '@/components/ui/field';

type ChoiceListProps = {
  legend: string;
  description: string;
  /** What an option is, one and several ('product', 'products'). */
  nouns: readonly [string, string];
  options: readonly { id: string; label: string }[] | undefined;
  value: readonly string[];
  onChange: (ids: string[]) => void;
  failed: boolean;
  onRetry: () => void;
  error?: string | undefined;
  readOnly: boolean;
};

/** Several of the account's categories or products, ticked in the order they should show. */
export function ChoiceList({
  legend,
  description,
  nouns,
  options,
  value,
  onChange,
  failed,
  onRetry,
  error,
  readOnly,
}: ChoiceListProps) {
  const id = useId();
  const [singular, plural] = nouns;
  const chosen = new Set(value);
  const known = new Set(options?.map((option) => option.id));
  const missing = value.filter((other) => options && !known.has(other)).length;
  return (
    <FieldSet aria-describedby={`${id}-description${error ? ` ${id}-error` : ''}`}>
      <FieldLegend className="mb-0">{legend}</FieldLegend>
      <FieldDescription id={`${id}-description`}>
        {description} {value.length} {value.length === 1 ? singular : plural} chosen
        {missing > 0 && ` (${missing} no longer in your inventory)`}.
      </FieldDescription>
      {failed ? (
        <QueryError title={`The ${plural} could not be loaded.`} onRetry={onRetry} />
      ) : options === undefined ? (
        <LoadingRows label={`Loading ${plural}`} rows={3} variant="plain" />
      ) : (
        <ul
          className="max-h-48 min-w-0 overflow-y-auto rounded-md border bg-background p-1"
          aria-invalid={error ? true : undefined}
        >
          {options.map((option) => (
            <li key={option.id}>
              <label className="flex min-h-9 items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-accent">
                <input
                  type="checkbox"
                  className="size-4 shrink-0 accent-primary"
                  checked={chosen.has(option.id)}
                  disabled={readOnly}
                  onChange={(event) =>
                    onChange(
                      event.target.checked
                        ? [...value, option.id]
                        : value.filter((other) => other !== option.id),
                    )
                  }
                />
                <span className="min-w-0 wrap-anywhere">{option.label}</span>
              </label>
            </li>
          ))}
          {options.length === 0 && (
            <li className="px-2 py-1.5 text-sm text-muted-foreground">No {plural} yet.</li>
          )}
        </ul>
      )}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </FieldSet>
  );
}
