import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input';
import { FormField, type FormFieldProps } from './form-field';

export type TextFieldProps = Omit<ComponentProps<typeof Input>, 'id'> &
  Omit<FormFieldProps, 'children' | 'className'> & { fieldClassName?: string };

/** A labelled text input; spread react-hook-form's `register(name)` into it. */
export function TextField({
  label,
  optional,
  description,
  error,
  fieldClassName,
  ...inputProps
}: TextFieldProps) {
  return (
    <FormField
      label={label}
      optional={optional}
      description={description}
      error={error}
      className={fieldClassName}
    >
      {(control) => <Input {...inputProps} {...control} />}
    </FormField>
  );
}
