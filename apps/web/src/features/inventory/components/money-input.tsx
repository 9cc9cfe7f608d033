import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { MoneyField } from '@/components/form/money-field';

type MoneyInputProps<TValues extends FieldValues, TParsed extends FieldValues> = {
  control: Control<TValues, unknown, TParsed>;
  name: FieldPathByValue<TValues, number | null>;
  label: string;
  optional?: boolean;
  description?: string;
  fieldClassName?: string;
};

/** The kit's money field bound to a form's amount in cents (null when empty). */
export function MoneyInput<TValues extends FieldValues, TParsed extends FieldValues = TValues>({
  control,
  name,
  ...fieldProps
}: MoneyInputProps<TValues, TParsed>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <MoneyField
          {...fieldProps}
          ref={field.ref}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
