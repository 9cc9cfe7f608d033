import { zodResolver } from '@hookform/resolvers/zod';
import { type Surface, surfaceInputSchema } from '@tentpole/domain';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { applyServerFieldErrors } from '@/components/form/apply-server-field-errors';
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
import { pickChanged } from '@/lib/pick-changed';
import { type SurfaceInput, useCreateSurface, useUpdateSurface } from '../api/save-surface';

type ParsedSurface = z.output<typeof surfaceInputSchema>;
const FIELDS = new Set(['name', 'description', 'customerVisible']);

type SurfaceDialogProps = {
  /** The surface being edited, 'new' for a new one, null when closed. */
  surface: Surface | 'new' | null;
  onClose: () => void;
};

/** Add or edit a setup surface: its name, description and whether customers may pick it. */
export function SurfaceDialog({ surface, onClose }: SurfaceDialogProps) {
  const editing = surface !== null && surface !== 'new' ? surface : undefined;
  return (
    <Dialog open={surface !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit surface' : 'New surface'}</DialogTitle>
          <DialogDescription className="wrap-anywhere">
            {editing ? editing.name : 'Where a product can be set up: grass, concrete, indoors…'}
          </DialogDescription>
        </DialogHeader>
        {surface !== null && <SurfaceForm surface={editing} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function SurfaceForm({ surface, onDone }: { surface: Surface | undefined; onDone: () => void }) {
  const create = useCreateSurface();
  const update = useUpdateSurface();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<SurfaceInput, unknown, ParsedSurface>({
    resolver: zodResolver(surfaceInputSchema),
    defaultValues: {
      name: surface?.name ?? '',
      description: surface?.description ?? '',
      customerVisible: surface?.customerVisible ?? true,
    },
  });
  const submit = handleSubmit(async (input) => {
    try {
      if (surface) {
        const changed = Object.keys(dirtyFields) as (keyof ParsedSurface)[];
        if (changed.length > 0)
          await update.mutateAsync({ id: surface.id, patch: pickChanged(input, changed) });
      } else {
        await create.mutateAsync(input);
        toast.success(`${input.name} added.`);
      }
      onDone();
    } catch (error) {
      const named = applyServerFieldErrors(error, setError, (key) =>
        FIELDS.has(key) ? (key as keyof SurfaceInput) : null,
      );
      if (named.length === 0) toast.error('The surface could not be saved.');
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
      <TextareaField
        label="Description"
        optional
        error={errors.description?.message}
        {...register('description')}
      />
      <SwitchField
        control={control}
        name="customerVisible"
        label="Customers may pick it"
        description="Offered in the store's checkout; otherwise only staff choose it."
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner className="size-4" />}
          {surface ? 'Save surface' : 'Create surface'}
        </Button>
      </DialogFooter>
    </form>
  );
}
