import {
  type AccountSettings,
  COMMON_CURRENCIES,
  COMMON_LOCALES,
  can,
  DAMAGE_WAIVER_MODE_LABELS,
  DAMAGE_WAIVER_MODES,
  type DepositMode,
} from '@tentpole/domain';
import { useId, useMemo } from 'react';
import {
  type Control,
  Controller,
  type FieldPath,
  type UseFormRegisterReturn,
  useForm,
  useWatch,
} from 'react-hook-form';
import { toast } from 'sonner';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { AccountLogoField } from '@/components/account-logo-field';
import { applyServerFieldErrors } from '@/components/form/apply-server-field-errors';
import { MoneyField } from '@/components/form/money-field';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { SettingsSection } from '@/components/settings-section';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useAccountSettings } from '../api/get-account-settings';
import { useSaveAccountSettings } from '../api/save-account-settings';
import { accountSettingsFormResolver } from '../lib/account-settings-form-resolver';
import {
  ACCOUNT_SETTINGS_FORM_FIELDS,
  type AccountSettingsFormValues,
  accountSettingsFormField,
  accountSettingsFormValues,
} from '../lib/account-settings-form-values';

type FormValues = AccountSettingsFormValues;
type FieldName = FieldPath<FormValues>;

/**
 * Settings → Account (/account): the business, its region, sales tax, booking deposit, damage
 * waiver and documents (back-office spec §2). `account.read` to see them, `account.write` to
 * change them.
 */
export function AccountSettingsTab() {
  const { user } = useAuthenticatedSession();
  const settings = useAccountSettings();
  if (settings.isPending) {
    return <LoadingRows label="Loading account settings" rows={4} variant="cards" />;
  }
  if (settings.isError) {
    return (
      <QueryError
        variant="panel"
        title="The account settings could not be loaded."
        description="Check your connection and try again."
        onRetry={() => void settings.refetch()}
      />
    );
  }
  return (
    <AccountSettingsForm settings={settings.data} canEdit={can(user.roles, 'account.write')} />
  );
}

const DEPOSIT_OPTIONS: readonly { mode: DepositMode; label: string }[] = [
  { mode: 'none', label: 'No deposit' },
  { mode: 'fixed', label: 'A fixed amount' },
  { mode: 'percent', label: 'A percent of the order total, with a minimum' },
];

const WAIVER_OPTIONS = DAMAGE_WAIVER_MODES.map((mode) => ({
  value: mode,
  label: DAMAGE_WAIVER_MODE_LABELS[mode],
}));

/** The runtime's time zones, with the saved one first when the runtime does not list it. */
function timeZoneOptions(current: string) {
  const zones = Intl.supportedValuesOf('timeZone');
  const all = zones.includes(current) ? zones : [current, ...zones];
  return all.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

/** The common currencies, named, with the saved one too when it is another. */
function currencyOptions(current: string) {
  const names = new Intl.DisplayNames(['en'], { type: 'currency' });
  const codes: string[] = [...COMMON_CURRENCIES];
  if (!codes.includes(current)) codes.push(current);
  return codes.map((code) => ({ value: code, label: `${code}: ${names.of(code) ?? code}` }));
}

/** The common locales, named in English, with the saved one too when it is another. */
function localeOptions(current: string) {
  const names = new Intl.DisplayNames(['en'], { type: 'language', languageDisplay: 'standard' });
  const tags: string[] = [...COMMON_LOCALES];
  if (!tags.includes(current)) tags.push(current);
  return tags.map((tag) => ({ value: tag, label: `${names.of(tag) ?? tag} (${tag})` }));
}

/** Where a field sits in the form, so the first of several errors is the one focused. */
const fieldOrder = (name: string) => ACCOUNT_SETTINGS_FORM_FIELDS.indexOf(name);

type AccountSettingsFormProps = {
  settings: AccountSettings;
  /** Without `account.write` the settings are shown read-only, with no Save button. */
  canEdit: boolean;
};

/** The account settings, saved whole; percentages typed as percent, money in dollars. */
export function AccountSettingsForm({ settings, canEdit }: AccountSettingsFormProps) {
  const save = useSaveAccountSettings();
  const values = useMemo(() => accountSettingsFormValues(settings), [settings]);
  const form = useForm<FormValues, unknown, AccountSettings>({
    defaultValues: values,
    // Follows the saved settings: after a save the form shows what the server kept.
    values,
    resolver: accountSettingsFormResolver,
  });
  const {
    control,
    register,
    formState: { errors, isDirty, isSubmitting },
  } = form;
  const currency = useWatch({ control, name: 'currency' });
  const timeZones = useMemo(() => timeZoneOptions(settings.timezone), [settings.timezone]);
  const currencies = useMemo(() => currencyOptions(settings.currency), [settings.currency]);
  const locales = useMemo(() => localeOptions(settings.locale), [settings.locale]);

  const onSubmit = form.handleSubmit(async (parsed) => {
    try {
      const saved = await save.mutateAsync(parsed);
      form.reset(accountSettingsFormValues(saved));
      toast.success('Settings saved.');
    } catch (error) {
      const named = applyServerFieldErrors(
        error,
        form.setError,
        (key) => accountSettingsFormField(key) as FieldName | null,
      );
      const [first] = [...named].sort((a, b) => fieldOrder(a) - fieldOrder(b));
      if (first) form.setFocus(first);
      else toast.error('The settings could not be saved.');
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Account settings"
      className="grid min-w-0 gap-6"
    >
      <UnsavedChangesGuard when={canEdit && isDirty && !isSubmitting} />
      <p className="text-sm text-muted-foreground">
        Changes apply to new bookings; orders already booked keep the terms they were booked with.
      </p>
      {!canEdit && (
        <p className="rounded-lg border bg-muted/40 px-4 py-3 text-sm text-muted-foreground">
          You can see these settings; changing them needs permission to manage the account.
        </p>
      )}
      <fieldset disabled={!canEdit} className="m-0 grid min-w-0 gap-6 border-0 p-0">
        <SettingsSection
          title="Business"
          description="Your business as customers see it on documents, e-mails and your store."
        >
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="Business name"
              autoComplete="organization"
              {...register('name')}
              error={errors.name?.message}
            />
            <TextField
              label="Legal name"
              optional
              description="When it differs from the business name, for invoices and contracts."
              {...register('business.legalName')}
              error={errors.business?.legalName?.message}
            />
          </div>
          <AccountLogoField canEdit={canEdit} />
          <TextareaField
            label="Address"
            optional
            rows={3}
            autoComplete="street-address"
            {...register('business.address')}
            error={errors.business?.address?.message}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="Phone"
              optional
              type="tel"
              autoComplete="tel"
              {...register('business.phone')}
              error={errors.business?.phone?.message}
            />
            <TextField
              label="E-mail"
              optional
              type="email"
              autoComplete="email"
              spellCheck={false}
              {...register('business.email')}
              error={errors.business?.email?.message}
            />
          </div>
          <TextField
            label="Website"
            optional
            type="url"
            autoComplete="url"
            spellCheck={false}
            placeholder="https://"
            {...register('business.website')}
            error={errors.business?.website?.message}
          />
        </SettingsSection>

        <SettingsSection
          title="Region"
          description="The time zone your days and bookings run in, the currency you charge in and how dates and amounts are written."
        >
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField
              label="Time zone"
              options={timeZones}
              {...register('timezone')}
              error={errors.timezone?.message}
            />
            <SelectField
              label="Currency"
              options={currencies}
              {...register('currency')}
              error={errors.currency?.message}
            />
          </div>
          <SelectField
            label="Language and region"
            description="How dates, times, numbers and amounts are written, here and on documents, e-mails, texts and the store."
            options={locales}
            {...register('locale')}
            error={errors.locale?.message}
          />
        </SettingsSection>

        <SettingsSection
          title="Sales tax"
          description="The rate new orders are taxed at, and which fees it covers."
        >
          <TextField
            label="Tax rate (%)"
            inputMode="decimal"
            autoComplete="off"
            description="Such as 8.25. Enter 0 for no sales tax."
            fieldClassName="sm:max-w-xs"
            {...register('orders.taxRate')}
            error={errors.orders?.taxRate?.message}
          />
          <div className="grid gap-3">
            <CheckboxField
              label="Tax delivery fees"
              description="Many US states do not tax a separately stated delivery charge."
              {...register('orders.taxDeliveryFees')}
            />
            <CheckboxField
              label="Tax surface fees"
              description="Setup surface fees are taxed with the rental they belong to."
              {...register('orders.taxSurfaceFees')}
            />
            <CheckboxField
              label="Tax the damage waiver"
              description="The damage waiver is taxed with the rental it covers."
              {...register('orders.taxDamageWaiver')}
            />
          </div>
        </SettingsSection>

        <SettingsSection
          title="Booking deposit"
          description="What a customer pays to book. The rest is due by the event."
        >
          <DepositFields
            control={control}
            register={register}
            errors={errors}
            currency={currency}
          />
        </SettingsSection>

        <SettingsSection
          title="Damage waiver"
          description="A charge, a percent of the rental subtotal, that covers accidental damage."
        >
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField
              label="Damage waiver"
              options={WAIVER_OPTIONS}
              {...register('orders.damageWaiver.mode')}
              error={errors.orders?.damageWaiver?.mode?.message}
            />
            <TextField
              label="Damage waiver (%)"
              inputMode="decimal"
              autoComplete="off"
              description="Of the rental subtotal, such as 10."
              {...register('orders.damageWaiver.percent')}
              error={errors.orders?.damageWaiver?.percent?.message}
            />
          </div>
        </SettingsSection>

        <SettingsSection
          title="Documents"
          description="What your quotes, invoices and contracts say, and how they are numbered."
        >
          <TextareaField
            label="Terms"
            optional
            rows={6}
            description="The rental terms, printed on the contract the customer signs and shown at the store’s checkout."
            {...register('documents.terms')}
            error={errors.documents?.terms?.message}
          />
          <TextareaField
            label="Contract clauses"
            optional
            rows={6}
            description="Printed on the contract after the terms."
            {...register('documents.contractClauses')}
            error={errors.documents?.contractClauses?.message}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="Invoice due in (days)"
              inputMode="numeric"
              autoComplete="off"
              description="Days after the invoice is sent. 0 is due at once."
              {...register('documents.invoiceDueDays')}
              error={errors.documents?.invoiceDueDays?.message}
            />
            <TextField
              label="Number prefix"
              optional
              autoComplete="off"
              spellCheck={false}
              description="Put before document numbers, such as INV-."
              {...register('documents.numberPrefix')}
              error={errors.documents?.numberPrefix?.message}
            />
          </div>
        </SettingsSection>
      </fieldset>

      {canEdit && (
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
            {save.isPending && <Spinner />}
            Save settings
          </Button>
        </div>
      )}
    </form>
  );
}

type CheckboxFieldProps = UseFormRegisterReturn & { label: string; description: string };

/** An on/off setting as a checkbox, its label and what it does beside it. */
function CheckboxField({ label, description, ...registered }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        aria-describedby={`${id}-description`}
        className="mt-0.5 size-4 shrink-0 accent-primary"
        {...registered}
      />
      <div className="grid min-w-0 gap-1">
        <label htmlFor={id} className="text-sm font-medium leading-none">
          {label}
        </label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
    </div>
  );
}

type DepositFieldsProps = {
  control: Control<FormValues, unknown, AccountSettings>;
  register: ReturnType<typeof useForm<FormValues, unknown, AccountSettings>>['register'];
  errors: ReturnType<typeof useForm<FormValues, unknown, AccountSettings>>['formState']['errors'];
  currency: string;
};

/** §2's deposit policy: none, a fixed amount, or a percent of the total with a minimum. */
function DepositFields({ control, register, errors, currency }: DepositFieldsProps) {
  const id = useId();
  const mode = useWatch({ control, name: 'orders.deposit.mode' });
  const deposit = errors.orders?.deposit;
  const modeError = deposit?.mode?.message;
  return (
    <>
      <fieldset
        className="m-0 grid min-w-0 gap-2 border-0 p-0"
        aria-describedby={modeError ? `${id}-error` : undefined}
      >
        <legend className="mb-2 text-sm font-medium">Deposit to book</legend>
        {DEPOSIT_OPTIONS.map((option) => (
          <label key={option.mode} className="flex items-start gap-3 text-sm">
            <input
              type="radio"
              value={option.mode}
              className="mt-0.5 size-4 shrink-0 accent-primary"
              {...register('orders.deposit.mode')}
            />
            <span className="min-w-0">{option.label}</span>
          </label>
        ))}
        {modeError && <FieldError id={`${id}-error`}>{modeError}</FieldError>}
      </fieldset>
      {mode === 'fixed' && (
        <Controller
          control={control}
          name="orders.deposit.amount"
          render={({ field }) => (
            <MoneyField
              label="Deposit amount"
              currency={currency}
              fieldClassName="sm:max-w-xs"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
              error={deposit?.amount?.message}
            />
          )}
        />
      )}
      {mode === 'percent' && (
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Deposit (%)"
            inputMode="decimal"
            autoComplete="off"
            description="Of the order total, such as 25."
            {...register('orders.deposit.percent')}
            error={deposit?.percent?.message}
          />
          <Controller
            control={control}
            name="orders.deposit.minimum"
            render={({ field }) => (
              <MoneyField
                label="Minimum deposit"
                optional
                currency={currency}
                description="Asked when the percent comes to less."
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                ref={field.ref}
                error={deposit?.minimum?.message}
              />
            )}
          />
        </div>
      )}
    </>
  );
}
