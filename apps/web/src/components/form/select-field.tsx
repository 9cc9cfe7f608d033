import type { ComponentProps } from 'react';
import { NativeSelect } from '@/components/ui/native-select';
import { FormField, type FormFieldProps } from './form-field';

export type SelectOption = { value: string; label: string; disabled?: boolean };

type SelectFieldProps = Omit<ComponentProps<typeof NativeSelect>, 'id' | 'children'> &
  Omit<FormFieldProps, 'children' | 'className'> & {
    options: readonly SelectOption[];
    /** A first, empty choice (such as 'Choose a status'); without it the first option is chosen. */
    placeholder?: string;
    fieldClassName?: string;
  };

/** A labelled choice of one option; spread react-hook-form's `register(name)` into it. */
export function SelectField({
  label,
  optional,
  description,
  error,
  options,
  placeholder,
  fieldClassName,
  ...selectProps
}: SelectFieldProps) {
  return (
    <FormField
      label={label}
      optional={optional}
      description={description}
      error={error}
      className={fieldClassName}
    >
      {(control) => (
        <NativeSelect {...selectProps} {...control}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </FormField>
  );
}
