import { type ReactNode, useId } from 'react';
import { FieldDescription, FieldError, FieldLegend, FieldSet } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** A range of calendar days as ISO dates ('2026-06-01'); an empty side is ''. */
export type DateRange = { from: string; to: string };

type DateRangeFieldProps = {
  label: string;
  value: DateRange;
  onChange: (range: DateRange) => void;
  onBlur?: () => void;
  description?: ReactNode;
  error?: ReactNode;
  fromLabel?: string;
  toLabel?: string;
  disabled?: boolean;
};

/**
 * A start and an end day under one legend. The end cannot be picked before the start; moving
 * the start past the end moves the end with it. Bind it with a Controller.
 */
export function DateRangeField({
  label,
  value,
  onChange,
  onBlur,
  description,
  error,
  fromLabel = 'From',
  toLabel = 'To',
  disabled,
}: DateRangeFieldProps) {
  const id = useId();
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const describedBy = hasError ? `${id}-error` : description ? `${id}-description` : undefined;
  return (
    <FieldSet aria-describedby={describedBy} disabled={disabled}>
      <FieldLegend>{label}</FieldLegend>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-from`}>{fromLabel}</Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={value.from}
            aria-invalid={hasError ? true : undefined}
            onChange={(event) => {
              const from = event.target.value;
              onChange({ from, to: value.to && from && value.to < from ? from : value.to });
            }}
            onBlur={onBlur}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-to`}>{toLabel}</Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={value.to}
            min={value.from || undefined}
            aria-invalid={hasError ? true : undefined}
            onChange={(event) => onChange({ from: value.from, to: event.target.value })}
            onBlur={onBlur}
          />
        </div>
      </div>
      {hasError ? (
        <FieldError id={`${id}-error`}>{error}</FieldError>
      ) : (
        description && <FieldDescription id={`${id}-description`}>{description}</FieldDescription>
      )}
    </FieldSet>
  );
}
