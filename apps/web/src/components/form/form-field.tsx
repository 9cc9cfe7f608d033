import { type ReactNode, useId } from 'react';
import { Field, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';

/** What a form field hands its control, so the label, hint and error describe it. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

export type FormFieldProps = {
  label: string;
  /** Adds '(optional)' after the label. */
  optional?: boolean;
  /** A hint under the control; an error takes its place while there is one. */
  description?: ReactNode;
  /** The field's error (a message, or a message with a link); nothing when valid. */
  error?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * One labelled form field: the label, the control (given its id and ARIA wiring), and under
 * it the error or else the hint. Every form in the app builds its fields on this.
 */
export function FormField({
  label,
  optional,
  description,
  error,
  className,
  children,
}: FormFieldProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  return (
    <Field className={className}>
      <FieldLabel htmlFor={id}>
        {label}
        {optional && <span className="font-normal text-muted-foreground">(optional)</span>}
      </FieldLabel>
      {children({
        id,
        'aria-invalid': hasError ? true : undefined,
        'aria-describedby': hasError ? errorId : description ? descriptionId : undefined,
      })}
      {hasError ? (
        <FieldError id={errorId}>{error}</FieldError>
      ) : (
        description && <FieldDescription id={descriptionId}>{description}</FieldDescription>
      )}
    </Field>
  );
}
