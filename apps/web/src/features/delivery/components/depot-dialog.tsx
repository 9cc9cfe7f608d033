import { type DepotResponse, depotInputSchema } from '@tentpole/domain';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { applyServerFieldErrors } from '@/components/form/apply-server-field-errors';
import { TextField } from '@/components/form/text-field';
import { PinMap, pinFromText } from '@/components/map/pin-map';
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
import { useAddressPlace } from '../api/quote-delivery';
import { useSaveDepot } from '../api/save-depot';
import {
  type DepotFormValues,
  depotFormField,
  depotFormValues,
  depotInputOf,
} from '../lib/depot-form-values';

type DepotDialogProps = {
  /** The depot being edited, 'new' for a new one, null when closed. */
  depot: DepotResponse | 'new' | null;
  onClose: () => void;
};

/** Add or change a depot: its address, and a pin when the address alone does not place it. */
export function DepotDialog({ depot, onClose }: DepotDialogProps) {
  const editing = depot !== null && depot !== 'new' ? depot : undefined;
  return (
    <Dialog open={depot !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit depot' : 'New depot'}</DialogTitle>
          <DialogDescription>
            Deliveries are measured from the nearest depot. Leave the pin blank to place it from the
            address.
          </DialogDescription>
        </DialogHeader>
        {depot !== null && <DepotForm depot={editing} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function DepotForm({ depot, onDone }: { depot: DepotResponse | undefined; onDone: () => void }) {
  const save = useSaveDepot();
  const form = useForm<DepotFormValues>({ defaultValues: depotFormValues(depot) });
  const { register, formState } = form;
  const errors = formState.errors;
  const [line1, city, region, postalCode] = form.watch(['line1', 'city', 'region', 'postalCode']);
  const found = useAddressPlace({ line1, city, region, postalCode });

  const onSubmit = form.handleSubmit(async (values) => {
    const input = depotInputOf(values);
    const parsed = depotInputSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = depotFormField(issue.path.join('.'));
        if (field) form.setError(field, { type: issue.code, message: issue.message });
      }
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: depot?.id ?? null, depot: input });
      toast.success(`Depot ${saved.name} saved.`);
      onDone();
    } catch (error) {
      const named = applyServerFieldErrors(error, form.setError, depotFormField, {
        shouldFocus: true,
      });
      if (named.length === 0) toast.error('The depot could not be saved.');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <TextField label="Name" {...register('name')} error={errors.name?.message} />
      <TextField
        label="Street address"
        autoComplete="street-address"
        {...register('line1')}
        error={errors.line1?.message}
      />
      <div className="grid gap-4 sm:grid-cols-[1.4fr_0.8fr_1fr]">
        <TextField
          label="City"
          autoComplete="address-level2"
          {...register('city')}
          error={errors.city?.message}
        />
        <TextField
          label="State"
          autoComplete="address-level1"
          {...register('region')}
          error={errors.region?.message}
        />
        <TextField
          label="ZIP code"
          autoComplete="postal-code"
          inputMode="numeric"
          {...register('postalCode')}
          error={errors.postalCode?.message}
        />
      </div>
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label="Pin latitude"
          optional
          inputMode="decimal"
          autoComplete="off"
          {...register('lat')}
          error={errors.lat?.message}
        />
        <TextField
          label="Pin longitude"
          optional
          inputMode="decimal"
          autoComplete="off"
          {...register('lng')}
          error={errors.lng?.message}
        />
      </div>
      <PinMap
        place="the depot"
        pin={pinFromText(form.watch('lat'), form.watch('lng'))}
        found={found.data ?? null}
        onPin={(pin) => {
          form.setValue('lat', pin ? String(pin.lat) : '', { shouldDirty: true });
          form.setValue('lng', pin ? String(pin.lng) : '', { shouldDirty: true });
        }}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner />}
          {depot ? 'Save depot' : 'Add depot'}
        </Button>
      </DialogFooter>
    </form>
  );
}
