import {
  BLACKOUT_KINDS,
  BLACKOUT_SCOPE_LABELS,
  BLACKOUT_SCOPES,
  type Blackout,
  type BlackoutInputParsed,
  type Category,
} from '@tentpole/domain';
import { type Control, Controller, useForm, useWatch } from 'react-hook-form';
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
import { FieldError, FieldLegend, FieldSet } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useCategories } from '@/features/inventory/api/get-categories';
import { useProductOptions } from '@/features/inventory/api/get-product-options';
import { useCreateBlackout } from '../api/create-blackout';
import { useUpdateBlackout } from '../api/update-blackout';
import {
  type BlackoutFormValues,
  blackoutFormField,
  blackoutFormValues,
  REPEAT_CHOICE_LABELS,
  REPEAT_CHOICES,
} from '../lib/blackout-form-values';
import { WEEKDAY_CHOICES } from '../lib/describe-blackout';
import { blackoutFormResolver } from '../lib/form-resolvers';
import { BlackoutTargetPicker } from './blackout-target-picker';

const options = <T extends string>(values: readonly T[], labels: Readonly<Record<T, string>>) =>
  values.map((value) => ({ value, label: labels[value] }));
const SCOPE_OPTIONS = options(BLACKOUT_SCOPES, BLACKOUT_SCOPE_LABELS);
const KIND_OPTIONS = options(BLACKOUT_KINDS, {
  hard: 'No bookings at all',
  online_only: 'No online bookings (staff can still book)',
});
const REPEAT_OPTIONS = options(REPEAT_CHOICES, REPEAT_CHOICE_LABELS);

type BlackoutDialogProps = {
  /** The blackout being edited, 'new' for a new one, null when closed. */
  blackout: Blackout | 'new' | null;
  onClose: () => void;
};

/** Add or edit a blackout (back-office spec §12): what it covers, what it stops, when. */
export function BlackoutDialog({ blackout, onClose }: BlackoutDialogProps) {
  const editing = blackout !== null && blackout !== 'new' ? blackout : undefined;
  return (
    <Dialog open={blackout !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit blackout' : 'New blackout'}</DialogTitle>
          <DialogDescription>
            Days on which bookings are stopped. Orders already booked are not changed.
          </DialogDescription>
        </DialogHeader>
        {blackout !== null && <BlackoutForm blackout={editing} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

type FormControl = Control<BlackoutFormValues, unknown, BlackoutInputParsed>;

function BlackoutForm({
  blackout,
  onDone,
}: {
  blackout: Blackout | undefined;
  onDone: () => void;
}) {
  const create = useCreateBlackout();
  const update = useUpdateBlackout();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BlackoutFormValues, unknown, BlackoutInputParsed>({
    resolver: blackoutFormResolver,
    defaultValues: blackoutFormValues(blackout),
  });
  const scope = useWatch({ control, name: 'scope' });
  const repeats = useWatch({ control, name: 'repeats' });

  const submit = handleSubmit(async (input) => {
    try {
      if (blackout) {
        await update.mutateAsync({ id: blackout.id, patch: input });
        toast.success(`Blackout ${input.name} saved.`);
      } else {
        await create.mutateAsync(input);
        toast.success(`Blackout ${input.name} added.`);
      }
      onDone();
    } catch (error) {
      const named = applyServerFieldErrors(
        error,
        setError,
        (key) => {
          const field = blackoutFormField(key);
          if (field === 'repeats' && repeats === 'custom') return 'customRule';
          if (key === 'targetIds') return scope === 'category' ? 'categoryIds' : 'productIds';
          return field;
        },
        { shouldFocus: true },
      );
      if (named.length === 0) toast.error('The blackout could not be saved.');
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid min-w-0 gap-5">
      <TextField
        label="Name"
        autoComplete="off"
        description="Such as “Independence Day” or “Sundays”."
        error={errors.name?.message}
        {...register('name')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Covers"
          options={SCOPE_OPTIONS}
          error={errors.scope?.message}
          {...register('scope')}
        />
        <SelectField
          label="Stops"
          options={KIND_OPTIONS}
          error={errors.kind?.message}
          {...register('kind')}
        />
      </div>
      {scope === 'category' && <CategoryPicker control={control} />}
      {scope === 'product' && <ProductPicker control={control} />}

      <FieldSet className="gap-4">
        <FieldLegend className="text-base font-semibold">When</FieldLegend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First day"
            type="date"
            error={errors.startDate?.message}
            {...register('startDate')}
          />
          <TextField
            label="Last day"
            type="date"
            optional
            description={
              repeats === 'never'
                ? 'Empty for one day.'
                : 'Each repeat lasts as many days as the first.'
            }
            error={errors.endDate?.message}
            {...register('endDate')}
          />
        </div>
        <SelectField
          label="Repeats"
          options={REPEAT_OPTIONS}
          error={errors.repeats?.message}
          {...register('repeats')}
        />
        {repeats === 'weekly' && <WeekdayChoice control={control} />}
        {repeats === 'custom' && (
          <TextField
            label="Repeat rule"
            autoComplete="off"
            spellCheck={false}
            placeholder="FREQ=YEARLY;BYMONTH=11;BYDAY=4TH"
            description="An RFC 5545 RRULE, read from the first day, such as FREQ=YEARLY;BYMONTH=11;BYDAY=4TH for Thanksgiving."
            error={errors.customRule?.message}
            {...register('customRule')}
          />
        )}
        {repeats !== 'never' && (
          <TextField
            label="Repeats until"
            type="date"
            optional
            description="Empty to repeat for good."
            error={errors.until?.message}
            {...register('until')}
          />
        )}
      </FieldSet>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner className="size-4" />}
          {blackout ? 'Save blackout' : 'Add blackout'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function WeekdayChoice({ control }: { control: FormControl }) {
  return (
    <Controller
      control={control}
      name="weekdays"
      render={({ field, fieldState }) => (
        <FieldSet className="min-w-0 gap-2">
          <FieldLegend>On</FieldLegend>
          <div className="flex flex-wrap gap-2">
            {WEEKDAY_CHOICES.map(({ code, label }, index) => (
              <label
                key={code}
                className="flex min-h-9 items-center gap-2 rounded-md border px-3 text-sm has-checked:border-primary has-checked:bg-accent"
              >
                <input
                  ref={index === 0 ? field.ref : undefined}
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={field.value.includes(code)}
                  onChange={(event) =>
                    field.onChange(
                      event.target.checked
                        ? [...field.value, code]
                        : field.value.filter((d) => d !== code),
                    )
                  }
                />
                {label}
              </label>
            ))}
          </div>
          {fieldState.error && <FieldError>{fieldState.error.message}</FieldError>}
        </FieldSet>
      )}
    />
  );
}

/** The categories in tree order, each with its depth under its parent. */
function categoryOptions(categories: readonly Category[]) {
  const ids = new Set(categories.map((c) => c.id));
  const children = new Map<string | null, Category[]>();
  for (const c of categories) {
    const parent = c.parentId !== null && ids.has(c.parentId) ? c.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), c]);
  }
  const out: { id: string; label: string; depth: number }[] = [];
  const visit = (parent: string | null, depth: number) => {
    for (const c of [...(children.get(parent) ?? [])].sort((a, b) => a.position - b.position)) {
      out.push({ id: c.id, label: c.name, depth });
      visit(c.id, depth + 1);
    }
  };
  visit(null, 0);
  return out;
}

function CategoryPicker({ control }: { control: FormControl }) {
  const categories = useCategories();
  return (
    <Controller
      control={control}
      name="categoryIds"
      render={({ field, fieldState }) => (
        <BlackoutTargetPicker
          legend="Categories (with their subcategories)"
          nouns={['category', 'categories']}
          options={categoryOptions(categories.data ?? [])}
          value={field.value}
          onChange={field.onChange}
          focusRef={field.ref}
          error={fieldState.error?.message}
          loading={categories.isPending}
          failed={categories.isError}
          onRetry={() => void categories.refetch()}
        />
      )}
    />
  );
}

function ProductPicker({ control }: { control: FormControl }) {
  const products = useProductOptions();
  return (
    <Controller
      control={control}
      name="productIds"
      render={({ field, fieldState }) => (
        <BlackoutTargetPicker
          legend="Products"
          nouns={['product', 'products']}
          options={(products.data ?? []).map((p) => ({ id: p.id, label: p.name }))}
          value={field.value}
          onChange={field.onChange}
          focusRef={field.ref}
          error={fieldState.error?.message}
          loading={products.isPending}
          failed={products.isError}
          onRetry={() => void products.refetch()}
        />
      )}
    />
  );
}
