import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { SelectField, type SelectOption } from '@/components/form/select-field';

type ControlledSelectFieldProps<TValues extends FieldValues, TParsed extends FieldValues> = {
  control: Control<TValues, unknown, TParsed>;
  name: FieldPathByValue<TValues, string>;
  label: string;
  options: readonly SelectOption[];
  placeholder: string;
  optional?: boolean;
};

/**
 * A choice among options that load after the form (products, categories): bound as a
 * controlled select, so a saved choice shows once its option arrives and stays the form's
 * value meanwhile. (A registered select reads the browser's value, which is the placeholder
 * while the saved option is missing.)
 */
export function ControlledSelectField<TValues extends FieldValues, TParsed extends FieldValues>({
  control,
  name,
  ...fieldProps
}: ControlledSelectFieldProps<TValues, TParsed>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <SelectField
          {...fieldProps}
          error={fieldState.error?.message}
          ref={field.ref}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
