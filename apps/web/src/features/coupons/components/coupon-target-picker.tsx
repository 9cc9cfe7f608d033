import { type Ref, useId, useState } from 'react';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { FieldDescription, FieldError, FieldLegend, FieldSet } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

export type TargetOption = { id: string; label: string; depth?: number };

type CouponTargetPickerProps = {
  legend: string;
  /** What an option is, one and several ('category', 'categories'). */
  nouns: readonly [string, string];
  options: readonly TargetOption[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  onBlur?: () => void;
  /** The first box, for the form to focus when the choice is refused. */
  focusRef?: Ref<HTMLInputElement>;
  error?: string;
  loading: boolean;
  /** The options could not be loaded: says so, with a retry. */
  failed: boolean;
  onRetry: () => void;
  /** What to call a chosen id that is not among the options (archived, out of reach). */
  missingLabel: string;
};

/** Past this many options a filter box helps find one. */
const FILTER_FROM = 8;

/**
 * A choice of several of the account's categories or products (§9 "applies to"): checkboxes
 * in a scrolling box, a filter for long lists, and how many are chosen.
 */
export function CouponTargetPicker({
  legend,
  nouns,
  options,
  value,
  onChange,
  onBlur,
  focusRef,
  error,
  loading,
  failed,
  onRetry,
  missingLabel,
}: CouponTargetPickerProps) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const chosen = new Set(value);
  const known = new Set(options.map((option) => option.id));
  const missing = value.filter((chosenId) => !known.has(chosenId));
  const wanted = filter.trim().toLowerCase();
  const shown = wanted
    ? options.filter((option) => option.label.toLowerCase().includes(wanted))
    : options;
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  const [singular, noun] = nouns;
  const firstId = missing[0] ?? shown[0]?.id;
  const boxRef = (optionId: string) => (optionId === firstId ? focusRef : undefined);
  const toggle = (optionId: string, checked: boolean) =>
    onChange(checked ? [...value, optionId] : value.filter((other) => other !== optionId));

  return (
    <FieldSet aria-describedby={error ? `${errorId} ${countId}` : countId} className="min-w-0">
      <FieldLegend>{legend}</FieldLegend>
      {loading ? (
        <LoadingRows label={`Loading ${noun}`} rows={3} variant="plain" />
      ) : failed ? (
        <QueryError title={`The ${noun} could not be loaded.`} onRetry={onRetry} />
      ) : (
        <>
          {options.length > FILTER_FROM && (
            <Input
              type="search"
              aria-label={`Filter ${noun}`}
              placeholder={`Filter ${noun}…`}
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
            />
          )}
          <ul
            className="max-h-56 min-w-0 overflow-y-auto rounded-md border bg-background p-1"
            aria-invalid={error ? true : undefined}
          >
            {missing.map((missingId) => (
              <li key={missingId}>
                <label className="flex min-h-9 items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-accent">
                  <input
                    ref={boxRef(missingId)}
                    type="checkbox"
                    className="size-4 shrink-0 accent-primary"
                    checked
                    onChange={() => toggle(missingId, false)}
                    onBlur={onBlur}
                  />
                  <span className="text-muted-foreground italic">{missingLabel}</span>
                </label>
              </li>
            ))}
            {shown.map((option) => (
              <li key={option.id}>
                <label
                  className="flex min-h-9 items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-accent"
                  style={{ paddingInlineStart: `${0.5 + (option.depth ?? 0) * 1.25}rem` }}
                >
                  <input
                    ref={boxRef(option.id)}
                    type="checkbox"
                    className="size-4 shrink-0 accent-primary"
                    checked={chosen.has(option.id)}
                    onChange={(event) => toggle(option.id, event.target.checked)}
                    onBlur={onBlur}
                  />
                  <span className="min-w-0 wrap-anywhere">{option.label}</span>
                </label>
              </li>
            ))}
            {shown.length === 0 && missing.length === 0 && (
              <li className="px-2 py-1.5 text-sm text-muted-foreground">
                {options.length === 0 ? `No ${noun} yet.` : `No ${noun} match.`}
              </li>
            )}
          </ul>
        </>
      )}
      <FieldDescription id={countId}>
        {value.length} {value.length === 1 ? singular : noun} chosen
      </FieldDescription>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </FieldSet>
  );
}
