import {
  type DeliverySettings,
  parseZipList,
  WINDOW_SURCHARGE_KIND_LABELS,
  WINDOW_SURCHARGE_KINDS,
} from '@tentpole/domain';
import { Plus, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { type Control, Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { applyServerFieldErrors } from '@/components/form/apply-server-field-errors';
import { MoneyField } from '@/components/form/money-field';
import { SelectField } from '@/components/form/select-field';
import { SwitchField } from '@/components/form/switch-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useSaveDeliverySettings } from '../api/save-delivery-settings';
import { deliveryFormResolver } from '../lib/delivery-form-resolver';
import {
  CHARGED_METHODS,
  type DeliveryFormValues,
  deliveryFormField,
  deliveryFormValues,
} from '../lib/delivery-form-values';

type FormControl = Control<DeliveryFormValues, unknown, DeliverySettings>;

const KIND_OPTIONS = WINDOW_SURCHARGE_KINDS.map((kind) => ({
  value: kind,
  label: WINDOW_SURCHARGE_KIND_LABELS[kind],
}));

type DeliveryRulesFormProps = { settings: DeliverySettings; canEdit: boolean };

/** back-office spec §7.1: the methods offered and every fee rule, saved whole. */
export function DeliveryRulesForm({ settings, canEdit }: DeliveryRulesFormProps) {
  const save = useSaveDeliverySettings();
  const defaultValues = useMemo(() => deliveryFormValues(settings), [settings]);
  const form = useForm<DeliveryFormValues, unknown, DeliverySettings>({
    defaultValues,
    values: defaultValues,
    resolver: deliveryFormResolver,
    resetOptions: { keepDirtyValues: false },
  });
  const { control, register, formState } = form;
  const errors = formState.errors;

  const onSubmit = form.handleSubmit((parsed) =>
    save.mutateAsync(parsed).then(
      (saved) => {
        form.reset(deliveryFormValues(saved));
        toast.success('Delivery settings saved.');
      },
      (error: unknown) => {
        const named = applyServerFieldErrors(
          error,
          form.setError,
          (key) => deliveryFormField(key) as never,
          { shouldFocus: true },
        );
        if (named.length === 0) toast.error('The delivery settings could not be saved.');
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Delivery fees" className="grid min-w-0 gap-5">
      <fieldset disabled={!canEdit} className="m-0 grid min-w-0 gap-5 border-0 p-0">
        <Card>
          <CardHeader>
            <CardTitle>Delivery methods</CardTitle>
            <CardDescription>
              What customers and staff can choose. Customer pickup never has a delivery fee.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            {CHARGED_METHODS.map((method) => (
              <div key={method} className="grid gap-3 border-b pb-5 last:border-b-0 last:pb-0">
                <SwitchField
                  control={control}
                  name={`methods.${method}.enabled`}
                  label={`Offer ${settings.methods[method].label.toLowerCase()}`}
                  description={
                    method === 'staffed'
                      ? 'Your crew delivers and sets up.'
                      : 'Delivered and left, no setup.'
                  }
                />
                <div className="grid gap-3 sm:grid-cols-2">
                  <TextField
                    label="Name"
                    {...register(`methods.${method}.label`)}
                    error={errors.methods?.[method]?.label?.message}
                  />
                  <Controller
                    control={control}
                    name={`methods.${method}.baseFee`}
                    render={({ field }) => (
                      <MoneyField
                        label="Base fee"
                        description="Charged on every delivery, before distance."
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        name={field.name}
                        ref={field.ref}
                        error={errors.methods?.[method]?.baseFee?.message}
                      />
                    )}
                  />
                </div>
              </div>
            ))}
            <div className="grid gap-3">
              <SwitchField
                control={control}
                name="methods.pickup.enabled"
                label="Offer customer pickup"
                description="The customer collects and returns; no delivery fee."
              />
              <TextField
                label="Name"
                {...register('methods.pickup.label')}
                error={errors.methods?.pickup?.label?.message}
              />
            </div>
          </CardContent>
        </Card>

        <DistanceCard control={control} errors={errors} register={register} />

        <Card>
          <CardHeader>
            <CardTitle>ZIP code fees</CardTitle>
            <CardDescription>
              A ZIP code’s own fee replaces the distance fee, even beyond the service radius.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-2">
            <TextareaField
              label="ZIP codes and fees"
              rows={5}
              spellCheck={false}
              className="font-mono"
              placeholder={'78701 50.00\n78669 not served'}
              description="One per line, pasted from a spreadsheet if you like: a ZIP code, then a fee or “not served”. Several ZIP codes may share a fee."
              {...register('zipList')}
              error={errors.zipList?.message}
            />
            <ZipListSummary control={control} />
          </CardContent>
        </Card>

        <SurchargesCard control={control} errors={errors} register={register} />
      </fieldset>

      {canEdit && (
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
            {save.isPending && <Spinner />}
            Save delivery settings
          </Button>
        </div>
      )}
    </form>
  );
}

type SectionProps = {
  control: FormControl;
  errors: ReturnType<typeof useForm<DeliveryFormValues>>['formState']['errors'];
  register: ReturnType<typeof useForm<DeliveryFormValues>>['register'];
};

function DistanceCard({ control, errors, register }: SectionProps) {
  const tiers = useFieldArray({ control, name: 'tiers' });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Fees by distance</CardTitle>
        <CardDescription>
          Miles from the nearest depot. A tier includes its distance: 10.0 mi is “up to 10 mi”.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <fieldset className="m-0 grid min-w-0 gap-3 border-0 p-0">
          <legend className="mb-2 text-sm font-medium">Distance tiers</legend>
          {tiers.fields.length === 0 && (
            <p className="text-sm text-muted-foreground">
              No tiers: the price per mile counts from the depot.
            </p>
          )}
          <ol className="grid gap-3" aria-label="Distance tiers">
            {tiers.fields.map((tier, index) => (
              <li key={tier.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
                <TextField
                  label="Up to (miles)"
                  aria-label={`Tier ${index + 1} up to (miles)`}
                  inputMode="decimal"
                  autoComplete="off"
                  {...register(`tiers.${index}.upToMiles`)}
                  error={errors.tiers?.[index]?.upToMiles?.message}
                />
                <Controller
                  control={control}
                  name={`tiers.${index}.fee`}
                  render={({ field }) => (
                    <MoneyField
                      label="Fee"
                      aria-label={`Tier ${index + 1} fee`}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      name={field.name}
                      ref={field.ref}
                      error={errors.tiers?.[index]?.fee?.message}
                    />
                  )}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="mt-6"
                  onClick={() => tiers.remove(index)}
                >
                  <Trash2 aria-hidden="true" />
                  <span className="sr-only">Remove tier {index + 1}</span>
                </Button>
              </li>
            ))}
          </ol>
          <div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => {
                const last = Number(tiers.fields.at(-1)?.upToMiles ?? 0);
                tiers.append({
                  upToMiles: String(Number.isFinite(last) ? last + 10 : 10),
                  fee: null,
                });
              }}
            >
              <Plus aria-hidden="true" />
              Add tier
            </Button>
          </div>
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <Controller
            control={control}
            name="perMileBeyond"
            render={({ field }) => (
              <MoneyField
                label="Price per mile beyond the last tier"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                ref={field.ref}
                error={errors.perMileBeyond?.message}
              />
            )}
          />
          <TextField
            label="Service radius (miles)"
            optional
            inputMode="decimal"
            autoComplete="off"
            description="Beyond it the store refuses; staff need the override. Blank: no limit."
            {...register('serviceRadiusMiles')}
            error={errors.serviceRadiusMiles?.message}
          />
        </div>
        <SwitchField
          control={control}
          name="taxable"
          label="Delivery fees are taxable"
          description="Taxed when the account’s sales tax setting taxes delivery too."
        />
      </CardContent>
    </Card>
  );
}

function SurchargesCard({ control, errors, register }: SectionProps) {
  const surcharges = useFieldArray({ control, name: 'windowSurcharges' });
  const kinds = useWatch({ control, name: 'windowSurcharges' });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Window surcharges</CardTitle>
        <CardDescription>
          Added to the fee when a delivery window is narrow or early or late; they add up.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <ol className="grid gap-4" aria-label="Window surcharges">
          {surcharges.fields.map((surcharge, index) => {
            const kind = kinds[index]?.kind ?? surcharge.kind;
            return (
              <li
                key={surcharge.id}
                className="grid grid-cols-2 items-start gap-2 sm:grid-cols-[minmax(0,1.7fr)_minmax(0,1fr)_minmax(0,1fr)_auto]"
              >
                <SelectField
                  label="When"
                  aria-label={`Surcharge ${index + 1} when`}
                  options={KIND_OPTIONS}
                  fieldClassName="col-span-2 sm:col-span-1"
                  {...register(`windowSurcharges.${index}.kind`)}
                />
                {kind === 'narrower_than' ? (
                  <TextField
                    label="Hours"
                    aria-label={`Surcharge ${index + 1} hours`}
                    inputMode="decimal"
                    autoComplete="off"
                    {...register(`windowSurcharges.${index}.hours`)}
                    error={
                      (errors.windowSurcharges?.[index] as { hours?: { message?: string } })?.hours
                        ?.message
                    }
                  />
                ) : (
                  <TextField
                    label="Time"
                    type="time"
                    aria-label={`Surcharge ${index + 1} time`}
                    {...register(`windowSurcharges.${index}.time`)}
                    error={
                      (errors.windowSurcharges?.[index] as { time?: { message?: string } })?.time
                        ?.message
                    }
                  />
                )}
                <Controller
                  control={control}
                  name={`windowSurcharges.${index}.fee`}
                  render={({ field }) => (
                    <MoneyField
                      label="Surcharge"
                      aria-label={`Surcharge ${index + 1} fee`}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      name={field.name}
                      ref={field.ref}
                      error={errors.windowSurcharges?.[index]?.fee?.message}
                    />
                  )}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="col-span-2 justify-self-end sm:col-span-1 sm:mt-6"
                  onClick={() => surcharges.remove(index)}
                >
                  <Trash2 aria-hidden="true" />
                  <span className="sr-only">Remove surcharge {index + 1}</span>
                </Button>
              </li>
            );
          })}
        </ol>
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() =>
              surcharges.append({ kind: 'narrower_than', hours: '2', time: '08:00', fee: null })
            }
          >
            <Plus aria-hidden="true" />
            Add surcharge
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

/** How the pasted list reads: how many ZIP codes, and any leading zero given back. */
function ZipListSummary({ control }: { control: FormControl }) {
  const zipList = useWatch({ control, name: 'zipList' });
  const { overrides, notes } = parseZipList(zipList);
  const notServed = overrides.filter((o) => o.fee === null).length;
  return (
    <p className="text-sm text-muted-foreground" aria-live="polite">
      {overrides.length === 0
        ? 'No ZIP codes listed.'
        : `${overrides.length} ${overrides.length === 1 ? 'ZIP code' : 'ZIP codes'}${notServed > 0 ? `, ${notServed} not served` : ''}.`}
      {notes.length > 0 && ` Leading zeros given back: ${notes.join(', ')}.`}
    </p>
  );
}
