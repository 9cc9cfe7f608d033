import { zodResolver } from '@hookform/resolvers/zod';
import { DOWNTIME_REASON_LABELS, DOWNTIME_REASONS, type Product } from '@tentpole/domain';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { applyServerFieldErrors } from '@/components/form/apply-server-field-errors';
import { SelectField } from '@/components/form/select-field';
import { SwitchField } from '@/components/form/switch-field';
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
import { Spinner } from '@/components/ui/spinner';
import { type DowntimeInput, useOpenDowntime } from '../api/open-downtime';
import {
  type DowntimeFormValues,
  downtimeFormDefaults,
  downtimeFormSchema,
} from '../lib/downtime-form';

type DowntimeDialogProps = {
  product: Product;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

const REASON_OPTIONS = DOWNTIME_REASONS.map((reason) => ({
  value: reason,
  label: DOWNTIME_REASON_LABELS[reason],
}));
const FIELDS = new Set(['quantity', 'unitId', 'reason', 'from', 'until', 'hard', 'note']);

/** Opens a downtime (spec §3 Maintenance): a quantity or one unit, why, from, until (optional). */
export function DowntimeDialog({ product, open, onOpenChange }: DowntimeDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Open downtime</DialogTitle>
          <DialogDescription className="wrap-anywhere">{product.name}</DialogDescription>
        </DialogHeader>
        {/* Remounted on each opening, so it starts from now. */}
        {open && <DowntimeForm product={product} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function DowntimeForm({ product, onDone }: { product: Product; onDone: () => void }) {
  const openDowntime = useOpenDowntime();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DowntimeFormValues, unknown, DowntimeInput>({
    resolver: zodResolver(downtimeFormSchema),
    defaultValues: downtimeFormDefaults(),
  });
  const unitId = useWatch({ control, name: 'unitId' });
  const units = product.units.filter((unit) => unit.status === 'active');

  const submit = handleSubmit(async (downtime) => {
    try {
      await openDowntime.mutateAsync({ productId: product.id, downtime });
      toast.success('Downtime opened.');
      onDone();
    } catch (error) {
      const named = applyServerFieldErrors(error, setError, (key) =>
        FIELDS.has(key) ? (key as keyof DowntimeFormValues) : null,
      );
      if (named.length === 0) toast.error('The downtime could not be opened.');
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      {product.tracking === 'serialized' && (
        <SelectField
          label="Unit"
          placeholder="Not one unit: a quantity"
          options={units.map((unit) => ({ value: unit.id, label: unit.name }))}
          error={errors.unitId?.message}
          {...register('unitId')}
        />
      )}
      {unitId === '' && (
        <TextField
          label="Quantity"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          error={errors.quantity?.message}
          {...register('quantity', { valueAsNumber: true })}
        />
      )}
      <SelectField
        label="Reason"
        options={REASON_OPTIONS}
        error={errors.reason?.message}
        {...register('reason')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="From"
          type="datetime-local"
          error={errors.from?.message}
          {...register('from')}
        />
        <TextField
          label="Until"
          type="datetime-local"
          optional
          description="Leave empty until it is back."
          error={errors.until?.message}
          {...register('until')}
        />
      </div>
      <SwitchField
        control={control}
        name="hard"
        label="Out of stock"
        description="On: it cannot be booked meanwhile. Off: bookings only warn."
      />
      <TextareaField label="Note" optional error={errors.note?.message} {...register('note')} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner className="size-4" />}
          Open downtime
        </Button>
      </DialogFooter>
    </form>
  );
}
