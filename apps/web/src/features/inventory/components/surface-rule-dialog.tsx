import { zodResolver } from '@hookform/resolvers/zod';
import type { SurfaceAllowed, SurfaceRule } from '@tentpole/domain';
import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useProductOptions } from '../api/get-product-options';
import {
  type SurfaceRuleFormValues,
  surfaceRuleFormSchema,
  surfaceRuleFormValues,
} from '../lib/surface-rule-form';
import { ControlledSelectField } from './controlled-select-field';
import { MoneyInput } from './money-input';

/** Which cell the editor is open on. */
export type RuleTarget = {
  productId: string;
  productName: string;
  surfaceId: string;
  surfaceName: string;
  allowed: SurfaceAllowed;
  rule: SurfaceRule | undefined;
};

type SurfaceRuleDialogProps = {
  target: RuleTarget | null;
  onClose: () => void;
  /** The edited rule, for the row's draft (saved with the row). */
  onApply: (rule: SurfaceRule) => void;
};

/** Edits one product × surface rule's extras: components, a fee and notes for the crew. */
export function SurfaceRuleDialog({ target, onClose, onApply }: SurfaceRuleDialogProps) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Setup on {target?.surfaceName}</DialogTitle>
          <DialogDescription className="wrap-anywhere">{target?.productName}</DialogDescription>
        </DialogHeader>
        {target && (
          <RuleForm
            target={target}
            onCancel={onClose}
            onApply={(rule) => {
              onApply(rule);
              onClose();
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

const PER_COMPONENT = [
  { value: 'unit', label: 'Per unit' },
  { value: 'anchor', label: 'Per anchor point' },
];
const PER_FEE = [
  { value: 'order', label: 'Per order' },
  { value: 'unit', label: 'Per unit' },
  { value: 'anchor', label: 'Per anchor point' },
];

function RuleForm({
  target,
  onCancel,
  onApply,
}: {
  target: RuleTarget;
  onCancel: () => void;
  onApply: (rule: SurfaceRule) => void;
}) {
  const products = useProductOptions();
  const feeSwitchId = useId();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<SurfaceRuleFormValues, unknown, SurfaceRule>({
    resolver: zodResolver(surfaceRuleFormSchema(target.surfaceId, target.allowed)),
    defaultValues: surfaceRuleFormValues(target.rule),
  });
  const components = useFieldArray({ control, name: 'components' });
  const feeOn = useWatch({ control, name: 'feeOn' });
  const options = (products.data ?? [])
    .filter((product) => product.id !== target.productId)
    .map((product) => ({ value: product.id, label: product.name }));

  return (
    <form noValidate onSubmit={handleSubmit(onApply)} className="grid gap-5">
      <fieldset className="m-0 grid min-w-0 gap-3 border-0 p-0">
        <legend className="mb-2 text-sm font-medium">Items it adds</legend>
        <p className="text-xs text-muted-foreground">
          Stakes, sandbags or water barrels: reserved with it and printed on load lists.
        </p>
        {components.fields.map((row, index) => (
          <div
            key={row.id}
            className="grid grid-cols-[minmax(0,1fr)_5rem_auto] items-start gap-2 sm:grid-cols-[minmax(0,1fr)_5rem_9rem_auto]"
          >
            <ControlledSelectField
              control={control}
              placeholder="Choose a product"
              name={`components.${index}.productId`}
              label={`Item ${index + 1}`}
              options={options}
            />
            <TextField
              label="Qty"
              aria-label={`Item ${index + 1} qty`}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              error={errors.components?.[index]?.quantity?.message}
              {...register(`components.${index}.quantity`, { valueAsNumber: true })}
            />
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="mt-6 sm:order-last"
              onClick={() => components.remove(index)}
            >
              <Trash2 aria-hidden="true" />
              <span className="sr-only">Remove item {index + 1}</span>
            </Button>
            <SelectField
              label="Counted"
              aria-label={`Item ${index + 1} counted`}
              options={PER_COMPONENT}
              fieldClassName="col-span-3 sm:col-span-1"
              {...register(`components.${index}.per`)}
            />
          </div>
        ))}
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => components.append({ productId: '', quantity: 1, per: 'anchor' })}
          >
            <Plus aria-hidden="true" />
            Add item
          </Button>
        </div>
      </fieldset>

      <fieldset className="m-0 grid min-w-0 gap-3 border-0 p-0">
        <legend className="sr-only">Fee</legend>
        <Controller
          control={control}
          name="feeOn"
          render={({ field }) => (
            <div className="flex items-center justify-between gap-4">
              <Label htmlFor={feeSwitchId}>Charge a fee</Label>
              <Switch
                id={feeSwitchId}
                ref={field.ref}
                checked={field.value}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
              />
            </div>
          )}
        />
        {feeOn && (
          <div className="grid gap-3 sm:grid-cols-2">
            <MoneyInput control={control} name="fee.amount" label="Fee" />
            <SelectField label="Charged" options={PER_FEE} {...register('fee.per')} />
            <label className="flex items-center gap-2 text-sm sm:col-span-2">
              <input type="checkbox" className="size-4" {...register('fee.taxable')} />
              Taxable
            </label>
          </div>
        )}
      </fieldset>

      <TextareaField
        label="Notes for the crew"
        optional
        error={errors.crewNotes?.message}
        {...register('crewNotes')}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">Done</Button>
      </DialogFooter>
    </form>
  );
}
