import { useId } from 'react';
import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

type SwitchFieldProps<TValues extends FieldValues, TParsed extends FieldValues> = {
  /** The form's control; its parsed values (a resolver's output) may differ from its fields. */
  control: Control<TValues, unknown, TParsed>;
  name: FieldPathByValue<TValues, boolean | undefined>;
  label: string;
  /** What turning it on does; read out with the switch. */
  description: string;
  disabled?: boolean;
};

/** An on/off setting: its label and what it does beside the switch, bound to a boolean field. */
export function SwitchField<TValues extends FieldValues, TParsed extends FieldValues = TValues>({
  control,
  name,
  label,
  description,
  disabled,
}: SwitchFieldProps<TValues, TParsed>) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <div data-slot="field" className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Switch
            id={id}
            ref={field.ref}
            checked={field.value ?? false}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            disabled={disabled}
            aria-describedby={descriptionId}
          />
        )}
      />
    </div>
  );
}
