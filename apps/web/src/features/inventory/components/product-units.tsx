import { zodResolver } from '@hookform/resolvers/zod';
import { type Product, type ProductUnit, productUnitInputSchema } from '@tentpole/domain';
import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { applyServerFieldErrors } from '@/components/form/apply-server-field-errors';
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
import { type ProductUnitInput, useAddProductUnit } from '../api/add-product-unit';
import { useUpdateProductUnit } from '../api/update-product-unit';
import { FormSection } from './form-section';

// The dialog names and numbers a unit; Retire and Bring back change its status.
const unitFieldsSchema = productUnitInputSchema.omit({ status: true });
type UnitFormValues = z.input<typeof unitFieldsSchema>;
type ParsedUnit = z.output<typeof unitFieldsSchema>;

/** The named units of a serialized product ("Castle #1"): add, rename, serial, retire. */
export function ProductUnits({ product, canEdit }: { product: Product; canEdit: boolean }) {
  const update = useUpdateProductUnit();
  // The unit being edited, 'new' for a new one, null when the dialog is closed.
  const [editing, setEditing] = useState<ProductUnit | 'new' | null>(null);
  const active = product.units.filter((unit) => unit.status === 'active').length;

  return (
    <FormSection
      title="Units"
      description={`${active} active of ${product.units.length}. Retired units no longer count as stock.`}
      actions={
        canEdit && (
          <Button type="button" variant="outline" size="sm" onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            Add unit
          </Button>
        )
      }
    >
      {product.units.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No units yet: add one for each piece you own.
        </p>
      ) : (
        <ul className="divide-y text-sm">
          {product.units.map((unit) => (
            <li key={unit.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <span className="grid min-w-0 flex-1">
                <span className="font-medium wrap-anywhere">{unit.name}</span>
                <span className="text-xs text-muted-foreground wrap-anywhere">
                  {unit.serial ? `Serial ${unit.serial}` : 'No serial'}
                  {unit.status === 'retired' && ' · Retired'}
                </span>
              </span>
              {canEdit && (
                <span className="flex gap-1">
                  <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(unit)}>
                    <Pencil aria-hidden="true" />
                    Edit<span className="sr-only"> {unit.name}</span>
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    // Not disabled while saving: that would drop the keyboard's focus.
                    aria-busy={update.isPending}
                    onClick={() =>
                      !update.isPending &&
                      update.mutate(
                        {
                          productId: product.id,
                          unitId: unit.id,
                          patch: { status: unit.status === 'active' ? 'retired' : 'active' },
                        },
                        { onError: () => toast.error('The unit could not be changed.') },
                      )
                    }
                  >
                    {unit.status === 'active' ? 'Retire' : 'Bring back'}
                    <span className="sr-only"> {unit.name}</span>
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{editing === 'new' ? 'Add unit' : 'Edit unit'}</DialogTitle>
            <DialogDescription className="wrap-anywhere">{product.name}</DialogDescription>
          </DialogHeader>
          {editing !== null && (
            <UnitForm
              product={product}
              unit={editing === 'new' ? undefined : editing}
              onDone={() => setEditing(null)}
            />
          )}
        </DialogContent>
      </Dialog>
    </FormSection>
  );
}

function UnitForm({
  product,
  unit,
  onDone,
}: {
  product: Product;
  unit: ProductUnit | undefined;
  onDone: () => void;
}) {
  const add = useAddProductUnit();
  const update = useUpdateProductUnit();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UnitFormValues, unknown, ParsedUnit>({
    resolver: zodResolver(unitFieldsSchema),
    defaultValues: {
      name: unit?.name ?? `${product.name} #${product.units.length + 1}`,
      serial: unit?.serial ?? '',
    },
  });
  const submit = handleSubmit(async ({ name, serial }) => {
    const fields: ProductUnitInput = { name, serial };
    try {
      if (unit) await update.mutateAsync({ productId: product.id, unitId: unit.id, patch: fields });
      else await add.mutateAsync({ productId: product.id, unit: fields });
      onDone();
    } catch (error) {
      const named = applyServerFieldErrors(error, setError, (key) =>
        key === 'name' || key === 'serial' ? key : null,
      );
      if (named.length === 0) toast.error('The unit could not be saved.');
    }
  });
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <TextField
        label="Name"
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Serial number"
        optional
        autoComplete="off"
        error={errors.serial?.message}
        {...register('serial')}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner className="size-4" />}
          {unit ? 'Save unit' : 'Add unit'}
        </Button>
      </DialogFooter>
    </form>
  );
}
