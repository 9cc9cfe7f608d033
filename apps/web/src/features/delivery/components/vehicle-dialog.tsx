import { type DepotResponse, type Vehicle, vehicleInputSchema } from '@tentpole/domain';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { applyServerFieldErrors } from '@/components/form/apply-server-field-errors';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
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
import { useSaveVehicle } from '../api/save-vehicle';
import {
  type VehicleFormValues,
  vehicleFormField,
  vehicleFormValues,
  vehicleInputOf,
} from '../lib/vehicle-form-values';

type VehicleDialogProps = {
  /** The vehicle being edited, 'new' for a new one, null when closed. */
  vehicle: Vehicle | 'new' | null;
  depots: DepotResponse[];
  onClose: () => void;
};

/** §7.2: add or change a vehicle: its depot, capacity and shift hours. */
export function VehicleDialog({ vehicle, depots, onClose }: VehicleDialogProps) {
  const editing = vehicle !== null && vehicle !== 'new' ? vehicle : undefined;
  return (
    <Dialog open={vehicle !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit vehicle' : 'New vehicle'}</DialogTitle>
          <DialogDescription>
            The Delivery Manager plans each active vehicle from its depot within its shift.
          </DialogDescription>
        </DialogHeader>
        {vehicle !== null && <VehicleForm vehicle={editing} depots={depots} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function VehicleForm({
  vehicle,
  depots,
  onDone,
}: {
  vehicle: Vehicle | undefined;
  depots: DepotResponse[];
  onDone: () => void;
}) {
  const save = useSaveVehicle();
  const form = useForm<VehicleFormValues>({ defaultValues: vehicleFormValues(vehicle) });
  const { register, formState } = form;
  const errors = formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    const input = vehicleInputOf(values);
    const parsed = vehicleInputSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = vehicleFormField(issue.path.join('.'));
        if (field) form.setError(field, { type: issue.code, message: issue.message });
      }
      return;
    }
    try {
      const saved = await save.mutateAsync({ id: vehicle?.id ?? null, vehicle: input });
      toast.success(`Vehicle ${saved.name} saved.`);
      onDone();
    } catch (error) {
      const named = applyServerFieldErrors(error, form.setError, vehicleFormField, {
        shouldFocus: true,
      });
      if (named.length === 0) toast.error('The vehicle could not be saved.');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <TextField label="Name" {...register('name')} error={errors.name?.message} />
      <SelectField
        label="Depot"
        options={[
          { value: '', label: 'The first depot' },
          ...depots.map((d) => ({ value: d.id, label: d.name })),
        ]}
        {...register('depotId')}
        error={errors.depotId?.message}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label="Capacity (units)"
          inputMode="numeric"
          autoComplete="off"
          {...register('capacityUnits')}
          error={errors.capacityUnits?.message}
        />
        <TextField
          label="Volume (cu ft)"
          inputMode="decimal"
          autoComplete="off"
          {...register('capacityVolume')}
          error={errors.capacityVolume?.message}
        />
      </div>
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label="Shift starts"
          type="time"
          {...register('shiftStart')}
          error={errors.shiftStart?.message}
        />
        <TextField
          label="Shift ends"
          type="time"
          {...register('shiftEnd')}
          error={errors.shiftEnd?.message}
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4" {...register('active')} />
        Active: plan routes for it
      </label>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner />}
          {vehicle ? 'Save vehicle' : 'Add vehicle'}
        </Button>
      </DialogFooter>
    </form>
  );
}
