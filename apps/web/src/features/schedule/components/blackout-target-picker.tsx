import { type Ref, useId } from 'react';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { FieldDescription, FieldError, FieldLegend, FieldSet } from '@/components/ui/field';

export type TargetOption = { id: string; label: string; depth?: number };

type BlackoutTargetPickerProps = {
  legend: string;
  /** What an option is, one and several ('category', 'categories'). */
  nouns: readonly [string, string];
  options: readonly TargetOption[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  focusRef?: Ref<HTMLInputElement>;
  error?: string | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
};

/** A choice of several categories or products a blackout covers: checkboxes in a scrolling box. */
export function BlackoutTargetPicker({
  legend,
  nouns,
  options,
  value,
  onChange,
  focusRef,
  error,
  loading,
  failed,
  onRetry,
}: BlackoutTargetPickerProps) {
  const id = useId();
  const chosen = new Set(value);
  const [singular, noun] = nouns;
  const toggle = (optionId: string, checked: boolean) =>
    onChange(checked ? [...value, optionId] : value.filter((other) => other !== optionId));
  return (
    <FieldSet aria-describedby={error ? `${id}-error` : `${id}-count`} className="min-w-0">
      <FieldLegend>{legend}</FieldLegend>
      {loading ? (
        <LoadingRows label={`Loading ${noun}`} rows={3} variant="plain" />
      ) : failed ? (
        <QueryError title={`The ${noun} could not be loaded.`} onRetry={onRetry} />
      ) : (
        <ul
          className="max-h-48 min-w-0 overflow-y-auto rounded-md border bg-background p-1"
          aria-invalid={error ? true : undefined}
        >
          {options.map((option, index) => (
            <li key={option.id}>
              <label
                className="flex min-h-9 items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-accent"
                style={{ paddingInlineStart: `${0.5 + (option.depth ?? 0) * 1.25}rem` }}
              >
                <input
                  ref={index === 0 ? focusRef : undefined}
                  type="checkbox"
                  className="size-4 shrink-0 accent-primary"
                  checked={chosen.has(option.id)}
                  onChange={(event) => toggle(option.id, event.target.checked)}
                />
                <span className="min-w-0 wrap-anywhere">{option.label}</span>
              </label>
            </li>
          ))}
          {options.length === 0 && (
            <li className="px-2 py-1.5 text-sm text-muted-foreground">No {noun} yet.</li>
          )}
        </ul>
      )}
      <FieldDescription id={`${id}-count`}>
        {value.length} {value.length === 1 ? singular : noun} chosen
      </FieldDescription>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </FieldSet>
  );
}
