import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { FieldError as RowError } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldDescription, FieldError, FieldLegend, FieldSet } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

let rowSequence = 0;
const newRowKey = () => `row-${++rowSequence}`;

type ForwardingNumbersFieldProps = {
  label: string;
  hint: string;
  value: string[];
  onChange: (value: string[]) => void;
  onBlur: () => void;
  /** The error of each row, by index, as react-hook-form reports an array's. */
  errors: readonly (RowError | undefined)[] | undefined;
  /** An error about the list as a whole (forwarding on with no number to forward to). */
  listError?: string | undefined;
  disabled?: boolean;
};

/** A list of phone numbers to forward to, with a row per number to add and remove. */
export function ForwardingNumbersField({
  label,
  hint,
  value,
  onChange,
  onBlur,
  errors,
  listError,
  disabled,
}: ForwardingNumbersFieldProps) {
  const id = useId();
  // Stable keys per row, so removing one keeps the others' focus and typing in place.
  const [keys, setKeys] = useState<string[]>(() => value.map(newRowKey));
  let rowKeys = keys;
  if (keys.length !== value.length) {
    // The form was reset to a list of another length.
    rowKeys = value.map((_, index) => keys[index] ?? newRowKey());
    setKeys(rowKeys);
  }

  return (
    <FieldSet>
      <FieldLegend>{label}</FieldLegend>
      <FieldDescription id={`${id}-hint`} className="-mt-1">
        {hint}
      </FieldDescription>
      {value.length === 0 && <p className="text-sm text-muted-foreground">No numbers yet.</p>}
      {listError && <FieldError role="alert">{listError}</FieldError>}
      <ol className="grid gap-2">
        {value.map((number, index) => {
          const error = errors?.[index]?.message;
          const inputId = `${id}-${index}`;
          return (
            <li key={rowKeys[index]} className="grid gap-1">
              <div className="flex items-center gap-2">
                <label htmlFor={inputId} className="sr-only">
                  {`${label} ${index + 1}`}
                </label>
                <Input
                  id={inputId}
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  placeholder="(555) 010-0123"
                  value={number}
                  onChange={(event) =>
                    onChange(value.map((v, i) => (i === index ? event.target.value : v)))
                  }
                  onBlur={onBlur}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${inputId}-error` : undefined}
                  className="max-w-xs"
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${number.trim() || `number ${index + 1}`}`}
                  onClick={() => {
                    setKeys(rowKeys.filter((_, i) => i !== index));
                    onChange(value.filter((_, i) => i !== index));
                  }}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
              {error && <FieldError id={`${inputId}-error`}>{error}</FieldError>}
            </li>
          );
        })}
      </ol>
      {!disabled && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => {
            setKeys([...rowKeys, newRowKey()]);
            onChange([...value, '']);
          }}
        >
          <Plus aria-hidden="true" />
          Add number
        </Button>
      )}
    </FieldSet>
  );
}
