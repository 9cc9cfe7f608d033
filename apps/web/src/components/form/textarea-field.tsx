import type { ComponentProps } from 'react';
import { Textarea } from '@/components/ui/textarea';
import { FormField, type FormFieldProps } from './form-field';

type TextareaFieldProps = Omit<ComponentProps<typeof Textarea>, 'id'> &
  Omit<FormFieldProps, 'children' | 'className'> & { fieldClassName?: string };

/** A labelled multi-line text box; spread react-hook-form's `register(name)` into it. */
export function TextareaField({
  label,
  optional,
  description,
  error,
  fieldClassName,
  rows = 3,
  ...textareaProps
}: TextareaFieldProps) {
  return (
    <FormField
      label={label}
      optional={optional}
      description={description}
      error={error}
      className={fieldClassName}
    >
      {(control) => <Textarea rows={rows} {...textareaProps} {...control} />}
    </FormField>
  );
}
