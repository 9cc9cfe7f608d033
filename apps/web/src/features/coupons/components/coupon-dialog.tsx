import {
  COUPON_CHANNEL_LABELS,
  COUPON_CHANNELS,
  COUPON_DATE_BASES,
  COUPON_DATE_BASIS_LABELS,
  COUPON_KIND_LABELS,
  COUPON_KINDS,
  COUPON_SCOPE_LABELS,
  COUPON_SCOPES,
  type CouponInputParsed,
  type CouponResponse,
} from '@tentpole/domain';
import { type Control, Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { applyServerFieldErrors } from '@/components/form/apply-server-field-errors';
import { DateRangeField } from '@/components/form/date-range-field';
import { MoneyField } from '@/components/form/money-field';
import { SelectField } from '@/components/form/select-field';
import { SwitchField } from '@/components/form/switch-field';
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
import { FieldLegend, FieldSet } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useCategories } from '@/features/inventory/api/get-categories';
import { useProductOptions } from '@/features/inventory/api/get-product-options';
import { useCreateCoupon } from '../api/create-coupon';
import { useUpdateCoupon } from '../api/update-coupon';
import { categoryOptions } from '../lib/category-options';
import { couponFormResolver } from '../lib/coupon-form-resolver';
import {
  type CouponFormValues,
  couponFormField,
  couponFormValues,
  couponPatchOf,
} from '../lib/coupon-form-values';
import { CouponTargetPicker } from './coupon-target-picker';

const options = <T extends string>(values: readonly T[], labels: Readonly<Record<T, string>>) =>
  values.map((value) => ({ value, label: labels[value] }));
const KIND_OPTIONS = options(COUPON_KINDS, COUPON_KIND_LABELS);
const SCOPE_OPTIONS = options(COUPON_SCOPES, COUPON_SCOPE_LABELS);
const CHANNEL_OPTIONS = options(COUPON_CHANNELS, COUPON_CHANNEL_LABELS);
const DATE_BASIS_OPTIONS = options(COUPON_DATE_BASES, COUPON_DATE_BASIS_LABELS);

type CouponDialogProps = {
  /** The coupon being edited, 'new' for a new one, null when closed. */
  coupon: CouponResponse | 'new' | null;
  onClose: () => void;
};

/** Create or edit a coupon with every rule of back-office spec §9. */
export function CouponDialog({ coupon, onClose }: CouponDialogProps) {
  const editing = coupon !== null && coupon !== 'new' ? coupon : undefined;
  return (
    <Dialog open={coupon !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit coupon' : 'New coupon'}</DialogTitle>
          <DialogDescription className="wrap-anywhere">
            {editing
              ? `Orders that already used ${editing.code} keep the discount they were booked with.`
              : 'A code customers or staff enter for a discount on a booking.'}
          </DialogDescription>
        </DialogHeader>
        {coupon !== null && <CouponForm coupon={editing} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function CouponForm({
  coupon,
  onDone,
}: {
  coupon: CouponResponse | undefined;
  onDone: () => void;
}) {
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CouponFormValues, unknown, CouponInputParsed>({
    resolver: couponFormResolver,
    defaultValues: couponFormValues(coupon),
  });
  const kind = useWatch({ control, name: 'kind' });
  const appliesTo = useWatch({ control, name: 'appliesTo' });
  const scoped = kind !== 'free_delivery';

  const submit = handleSubmit(async (input) => {
    try {
      if (coupon) {
        const patch = couponPatchOf(input, coupon);
        if (Object.keys(patch).length > 0) await update.mutateAsync({ id: coupon.id, patch });
        toast.success(`Coupon ${input.code} saved.`);
      } else {
        await create.mutateAsync(input);
        toast.success(`Coupon ${input.code} created.`);
      }
      onDone();
    } catch (error) {
      const named = applyServerFieldErrors(error, setError, couponFormField, {
        shouldFocus: true,
      });
      if (named.length === 0) toast.error('The coupon could not be saved.');
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid min-w-0 gap-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          description="What customers type: letters, digits, dashes, underscores. Any case."
          error={errors.code?.message}
          {...register('code')}
        />
        <TextField
          label="Description"
          optional
          autoComplete="off"
          description="For your team, such as “Summer promotion”."
          error={errors.description?.message}
          {...register('description')}
        />
      </div>

      <FieldSet className="gap-4">
        <FieldLegend className="text-base font-semibold">Discount</FieldLegend>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Type"
            options={KIND_OPTIONS}
            error={errors.kind?.message}
            {...register('kind')}
          />
          {kind === 'percent' && (
            <TextField
              label="Percent"
              inputMode="decimal"
              autoComplete="off"
              description="Such as 10 or 12.5."
              error={errors.percent?.message}
              {...register('percent')}
            />
          )}
          {kind === 'amount' && (
            <Controller
              control={control}
              name="amount"
              render={({ field, fieldState }) => (
                <MoneyField
                  label="Amount"
                  ref={field.ref}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                />
              )}
            />
          )}
          {kind === 'free_delivery' && (
            <p className="text-sm text-muted-foreground sm:self-end">
              Takes the delivery fees, and their tax, off the order.
            </p>
          )}
        </div>
        {scoped && (
          <SelectField
            label="Applies to"
            options={SCOPE_OPTIONS}
            error={errors.appliesTo?.message}
            {...register('appliesTo')}
          />
        )}
        {scoped && appliesTo === 'categories' && <CategoryPicker control={control} />}
        {scoped && appliesTo === 'products' && <ProductPicker control={control} />}
        <Controller
          control={control}
          name="minimumSubtotal"
          render={({ field, fieldState }) => (
            <MoneyField
              label="Minimum rental subtotal"
              optional
              fieldClassName="sm:max-w-[calc(50%-0.5rem)]"
              description="The order's rentals must add up to at least this."
              ref={field.ref}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      </FieldSet>

      <FieldSet className="gap-4">
        <FieldLegend className="text-base font-semibold">When</FieldLegend>
        <Controller
          control={control}
          name="validity"
          render={({ field, fieldState }) => (
            <DateRangeField
              label="Valid dates"
              fromLabel="Valid from"
              toLabel="Valid until"
              description="Leave a date empty for no limit on that side."
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <SelectField
          label="Check the dates against"
          options={DATE_BASIS_OPTIONS}
          fieldClassName="sm:max-w-[calc(50%-0.5rem)]"
          description="The day of the event, or the day the order is booked."
          error={errors.dateBasis?.message}
          {...register('dateBasis')}
        />
      </FieldSet>

      <FieldSet className="gap-4">
        <FieldLegend className="text-base font-semibold">Limits</FieldLegend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Maximum uses"
            optional
            inputMode="numeric"
            autoComplete="off"
            description="In total. Empty for no limit."
            error={errors.maxUses?.message}
            {...register('maxUses')}
          />
          <TextField
            label="Maximum uses per customer"
            optional
            inputMode="numeric"
            autoComplete="off"
            description="Empty for no limit."
            error={errors.maxUsesPerCustomer?.message}
            {...register('maxUsesPerCustomer')}
          />
        </div>
        <SelectField
          label="Where it can be used"
          options={CHANNEL_OPTIONS}
          fieldClassName="sm:max-w-[calc(50%-0.5rem)]"
          error={errors.channel?.message}
          {...register('channel')}
        />
        <SwitchField
          control={control}
          name="newCustomersOnly"
          label="New customers only"
          description="Only for customers with no earlier booking."
        />
        <SwitchField
          control={control}
          name="active"
          label="Active"
          description="An inactive coupon cannot be applied to an order."
        />
      </FieldSet>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner className="size-4" />}
          {coupon ? 'Save coupon' : 'Create coupon'}
        </Button>
      </DialogFooter>
    </form>
  );
}

type PickerProps = { control: Control<CouponFormValues, unknown, CouponInputParsed> };

function CategoryPicker({ control }: PickerProps) {
  const categories = useCategories();
  return (
    <Controller
      control={control}
      name="categoryIds"
      render={({ field, fieldState }) => (
        <CouponTargetPicker
          legend="Categories"
          nouns={['category', 'categories']}
          options={categoryOptions(categories.data ?? []).map((option) => ({
            id: option.id,
            label: option.name,
            depth: option.depth,
          }))}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          focusRef={field.ref}
          error={fieldState.error?.message}
          loading={categories.isPending}
          failed={categories.isError}
          onRetry={() => void categories.refetch()}
          missingLabel="A category no longer listed"
        />
      )}
    />
  );
}

function ProductPicker({ control }: PickerProps) {
  const products = useProductOptions();
  return (
    <Controller
      control={control}
      name="productIds"
      render={({ field, fieldState }) => (
        <CouponTargetPicker
          legend="Products"
          nouns={['product', 'products']}
          options={(products.data ?? []).map((product) => ({
            id: product.id,
            label: product.name,
          }))}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          focusRef={field.ref}
          error={fieldState.error?.message}
          loading={products.isPending}
          failed={products.isError}
          onRetry={() => void products.refetch()}
          missingLabel="A product no longer active"
        />
      )}
    />
  );
}
