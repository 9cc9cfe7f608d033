import {
  PRODUCT_TYPE_LABELS,
  PRODUCT_TYPES,
  type Product,
  type ProductInput,
} from '@tentpole/domain';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, type FieldPath, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { applyServerFieldErrors } from '@/components/form/apply-server-field-errors';
import { SelectField } from '@/components/form/select-field';
import { SwitchField } from '@/components/form/switch-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useCategories } from '../api/get-categories';
import { useProductOptions } from '../api/get-product-options';
import { buildCategoryTree, flattenCategoryTree, indentedName } from '../lib/category-tree';
import { productFormResolver } from '../lib/product-form-resolver';
import {
  changedInputFields,
  type ParsedProductInput,
  type ProductFormValues,
  productFormField,
  productFormValues,
} from '../lib/product-form-values';
import { ControlledSelectField } from './controlled-select-field';
import { FormSection } from './form-section';
import { MoneyInput } from './money-input';

type FieldName = FieldPath<ProductFormValues>;

type ProductFormProps = {
  /** The product being edited; a new product's form starts as a bounce house by the day. */
  product?: Product;
  submitLabel: string;
  /** Saves the checked input; `changed` names the input's fields the user changed. */
  onSubmit: (input: ParsedProductInput, changed: (keyof ProductInput)[]) => Promise<unknown>;
  onCancel: () => void;
};

const SAVE_FAILED_MESSAGE = 'The product could not be saved. Please try again.';
const FORBIDDEN_MESSAGE = 'You do not have permission to change products.';

const TYPE_OPTIONS = PRODUCT_TYPES.map((type) => ({
  value: type,
  label: PRODUCT_TYPE_LABELS[type],
}));
const TRACKING_OPTIONS = [
  { value: 'bulk', label: 'Bulk (a quantity)' },
  { value: 'serialized', label: 'Serialized (named units)' },
];
const PRICING_OPTIONS = [
  { value: 'daily', label: 'By the day, with duration tiers' },
  { value: 'hourly', label: 'By the hour' },
  { value: 'flat', label: 'Flat, per order line' },
];

/** Whole numbers in a number box; an empty box is NaN, which the schema names. */
const whole = { valueAsNumber: true } as const;
/** An optional whole number: an empty box is none. */
const optionalWhole = {
  setValueAs: (value: unknown) => (value === '' || value == null ? null : Number(value)),
} as const;

/**
 * The product form (back-office spec §3, pricing §5.2): every field of a product, checked with
 * the domain's product schema; the server's field errors land on the same fields.
 */
export function ProductForm({ product, submitLabel, onSubmit, onCancel }: ProductFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isDirty, isSubmitting, dirtyFields },
  } = useForm<ProductFormValues, unknown, ParsedProductInput>({
    resolver: productFormResolver,
    defaultValues: productFormValues(product),
  });
  const tiers = useFieldArray({ control, name: 'tiers' });
  const components = useFieldArray({ control, name: 'components' });
  const accessories = useFieldArray({ control, name: 'accessories' });
  const [pricingMode, tracking] = useWatch({ control, name: ['pricingMode', 'tracking'] });
  const categories = useCategories();
  const productOptions = useProductOptions();
  const [formError, setFormError] = useState<string | null>(null);
  const formErrorId = useId();

  const categoryOptions = flattenCategoryTree(buildCategoryTree(categories.data ?? [])).map(
    (node) => ({ value: node.id, label: indentedName(node) }),
  );
  const pickable = (productOptions.data ?? [])
    .filter((option) => option.id !== product?.id)
    .map((option) => ({ value: option.id, label: option.name }));

  const submit = handleSubmit(async (input) => {
    setFormError(null);
    try {
      await onSubmit(input, changedInputFields(Object.keys(dirtyFields)));
    } catch (error) {
      const named = applyServerFieldErrors(
        error,
        setError,
        (key) => productFormField(key) as FieldName | null,
        { shouldFocus: true },
      );
      if (named.length > 0) return;
      setFormError(
        error instanceof ApiError && error.status === 403
          ? FORBIDDEN_MESSAGE
          : error instanceof ApiError && error.status === 400
            ? error.message
            : SAVE_FAILED_MESSAGE,
      );
    }
  });

  const tierListError = errors.tiers?.root?.message ?? errors.tiers?.message;

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={product ? `Edit ${product.name}` : 'New product'}
      aria-describedby={formError ? formErrorId : undefined}
      className="grid min-w-0 gap-5"
    >
      <UnsavedChangesGuard when={isDirty && !isSubmitting} />

      <FormSection title="Product" description="What it is and where it is listed.">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Name"
            autoComplete="off"
            error={errors.name?.message}
            fieldClassName="sm:col-span-2"
            {...register('name')}
          />
          <ControlledSelectField
            control={control}
            name="categoryId"
            label="Category"
            optional
            placeholder="No category"
            options={categoryOptions}
          />
          <SelectField
            label="Type"
            options={TYPE_OPTIONS}
            description="Sale items are consumables; services are staff time."
            error={errors.type?.message}
            {...register('type')}
          />
        </div>
        <TextareaField
          label="Description"
          optional
          error={errors.description?.message}
          {...register('description')}
        />
        <SwitchField
          control={control}
          name="showInStore"
          label="Show in store"
          description="Customers can find and book it on your website."
        />
      </FormSection>

      <FormSection title="Stock" description="How many you own and how they are told apart.">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Tracking"
            options={TRACKING_OPTIONS}
            error={errors.tracking?.message}
            {...register('tracking')}
          />
          {tracking === 'bulk' ? (
            <TextField
              label="Quantity owned"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              error={errors.quantity?.message}
              {...register('quantity', whole)}
            />
          ) : (
            <p className="self-end text-sm text-muted-foreground">
              A serialized product counts its active units; add them on the product's page.
            </p>
          )}
        </div>
      </FormSection>

      <FormSection title="Price" description="Amounts in dollars; the deposit is refundable.">
        <SelectField
          label="Pricing"
          options={PRICING_OPTIONS}
          error={errors.pricingMode?.message}
          {...register('pricingMode')}
        />
        {pricingMode === 'daily' && (
          <fieldset className="m-0 grid min-w-0 gap-3 border-0 p-0">
            <legend className="mb-2 text-sm font-medium">Duration tiers</legend>
            {tiers.fields.map((tier, index) => (
              <div
                key={tier.id}
                className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-start gap-3"
              >
                <TextField
                  label={`Tier ${index + 1}: up to (hours)`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  error={errors.tiers?.[index]?.hours?.message}
                  {...register(`tiers.${index}.hours`, whole)}
                />
                <MoneyInput
                  control={control}
                  name={`tiers.${index}.amount`}
                  label={`Tier ${index + 1}: price`}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="mt-6"
                  disabled={tiers.fields.length === 1}
                  onClick={() => tiers.remove(index)}
                >
                  <Trash2 aria-hidden="true" />
                  <span className="sr-only">Remove tier {index + 1}</span>
                </Button>
              </div>
            ))}
            {tierListError && <p className="text-sm text-destructive">{tierListError}</p>}
            <div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => {
                  const last = tiers.fields.at(-1);
                  tiers.append({ hours: (last?.hours ?? 0) + 24, amount: null });
                }}
              >
                <Plus aria-hidden="true" />
                Add tier
              </Button>
            </div>
            <MoneyInput
              control={control}
              name="extraDayAmount"
              label="Each extra day"
              optional
              description="Added for every day past the last tier."
              fieldClassName="sm:max-w-xs"
            />
          </fieldset>
        )}
        {pricingMode === 'hourly' && (
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              label="Minimum hours"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              error={errors.minimumHours?.message}
              {...register('minimumHours', whole)}
            />
            <MoneyInput control={control} name="minimumAmount" label="Price for the minimum" />
            <MoneyInput control={control} name="extraHourAmount" label="Each extra hour" />
          </div>
        )}
        {pricingMode === 'flat' && (
          <MoneyInput
            control={control}
            name="flatAmount"
            label="Flat price"
            fieldClassName="sm:max-w-xs"
          />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <MoneyInput
            control={control}
            name="securityDeposit"
            label="Security deposit"
            description="Refundable; kept apart from the rental money."
          />
        </div>
        <SwitchField
          control={control}
          name="taxable"
          label="Taxable"
          description="Sales tax is charged on its price."
        />
      </FormSection>

      <FormSection
        title="Time and crew"
        description="Minutes it is kept before and after each rental, and what setting it up takes."
      >
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Buffer before (minutes)"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            description="Load, drive, set up."
            error={errors.bufferBeforeMinutes?.message}
            {...register('bufferBeforeMinutes', whole)}
          />
          <TextField
            label="Buffer after (minutes)"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            description="Tear down, drive, unload."
            error={errors.bufferAfterMinutes?.message}
            {...register('bufferAfterMinutes', whole)}
          />
          <TextField
            label="Recovery (minutes)"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            description="Cleaning and drying after every rental."
            error={errors.recoveryMinutes?.message}
            {...register('recoveryMinutes', whole)}
          />
          <TextField
            label="Setup (minutes)"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            error={errors.setupMinutes?.message}
            {...register('setupMinutes', whole)}
          />
          <TextField
            label="Crew size"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            error={errors.crewSize?.message}
            {...register('crewSize', whole)}
          />
        </div>
      </FormSection>

      <FormSection title="Site needs" description="What the setup site must offer.">
        <fieldset className="m-0 grid min-w-0 gap-3 border-0 p-0">
          <legend className="mb-2 text-sm font-medium">Dimensions (cm, optional)</legend>
          <div className="grid grid-cols-3 gap-3">
            <TextField
              label="Length"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              error={errors.dimensions?.lengthCm?.message}
              {...register('dimensions.lengthCm', optionalWhole)}
            />
            <TextField
              label="Width"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              error={errors.dimensions?.widthCm?.message}
              {...register('dimensions.widthCm', optionalWhole)}
            />
            <TextField
              label="Height"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              error={errors.dimensions?.heightCm?.message}
              {...register('dimensions.heightCm', optionalWhole)}
            />
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Power needs"
            optional
            placeholder="One 20 A circuit within 50 ft"
            error={errors.powerNeeds?.message}
            {...register('powerNeeds')}
          />
          <TextField
            label="Capacity"
            optional
            placeholder="8 children, ages 3–12"
            error={errors.capacity?.message}
            {...register('capacity')}
          />
          <TextField
            label="Anchor points"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            error={errors.anchorPoints?.message}
            {...register('anchorPoints', whole)}
          />
        </div>
      </FormSection>

      <FormSection
        title="Bundle components"
        description="A bundle is made of other products; it is free only while all of them are."
        actions={
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => components.append({ productId: '', quantity: 1 })}
          >
            <Plus aria-hidden="true" />
            Add component
          </Button>
        }
      >
        {components.fields.length === 0 ? (
          <p className="text-sm text-muted-foreground">Not a bundle.</p>
        ) : (
          <ul className="grid gap-3">
            {components.fields.map((row, index) => (
              <li
                key={row.id}
                className="grid grid-cols-[minmax(0,1fr)_6rem_auto] items-start gap-3"
              >
                <ControlledSelectField
                  control={control}
                  placeholder="Choose a product"
                  name={`components.${index}.productId`}
                  label={`Component ${index + 1}`}
                  options={pickable}
                />
                <TextField
                  label="Quantity"
                  aria-label={`Component ${index + 1} quantity`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  error={errors.components?.[index]?.quantity?.message}
                  {...register(`components.${index}.quantity`, whole)}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="mt-6"
                  onClick={() => components.remove(index)}
                >
                  <Trash2 aria-hidden="true" />
                  <span className="sr-only">Remove component {index + 1}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </FormSection>

      <FormSection
        title="Accessories"
        description="Required accessories go out with it and follow its quantity; suggested ones are offered."
        actions={
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => accessories.append({ productId: '', quantity: 1, required: true })}
          >
            <Plus aria-hidden="true" />
            Add accessory
          </Button>
        }
      >
        {accessories.fields.length === 0 ? (
          <p className="text-sm text-muted-foreground">No accessories.</p>
        ) : (
          <ul className="grid gap-3">
            {accessories.fields.map((row, index) => (
              <li
                key={row.id}
                className="grid grid-cols-[minmax(0,1fr)_6rem_auto] items-start gap-3 sm:grid-cols-[minmax(0,1fr)_6rem_10rem_auto]"
              >
                <ControlledSelectField
                  control={control}
                  placeholder="Choose a product"
                  name={`accessories.${index}.productId`}
                  label={`Accessory ${index + 1}`}
                  options={pickable}
                />
                <TextField
                  label="Quantity"
                  aria-label={`Accessory ${index + 1} quantity`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  error={errors.accessories?.[index]?.quantity?.message}
                  {...register(`accessories.${index}.quantity`, whole)}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="mt-6 sm:order-last"
                  onClick={() => accessories.remove(index)}
                >
                  <Trash2 aria-hidden="true" />
                  <span className="sr-only">Remove accessory {index + 1}</span>
                </Button>
                <Controller
                  control={control}
                  name={`accessories.${index}.required`}
                  render={({ field }) => (
                    <SelectField
                      label="Needed"
                      aria-label={`Accessory ${index + 1} needed`}
                      fieldClassName="col-span-3 sm:col-span-1"
                      options={[
                        { value: 'required', label: 'Required' },
                        { value: 'suggested', label: 'Suggested' },
                      ]}
                      ref={field.ref}
                      name={field.name}
                      value={field.value ? 'required' : 'suggested'}
                      onChange={(event) => field.onChange(event.target.value === 'required')}
                      onBlur={field.onBlur}
                    />
                  )}
                />
              </li>
            ))}
          </ul>
        )}
      </FormSection>

      {formError && (
        <p id={formErrorId} role="alert" className="text-sm font-medium text-destructive">
          {formError}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner className="size-4" />}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
