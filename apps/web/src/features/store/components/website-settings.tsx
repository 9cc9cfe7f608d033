import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACCENT_TEXT_LIGHT,
  accentTextColour,
  can,
  STORE_CHECKOUT_MODE_KEYS,
  STORE_CHECKOUT_MODES,
  STORE_COLOUR_DEFAULT,
  STORE_FONT_DEFAULT,
  STORE_FONT_KEYS,
  STORE_FONTS,
  STORE_HOLD_MINUTES,
  type StoreFont,
  type StoreSettings,
  type StoreSettingsInput,
  type StoreSettingsResponse,
  storeSettingsSchema,
} from '@tentpole/domain';
import { ExternalLink } from 'lucide-react';
import { useId, useMemo } from 'react';
import { type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { AccountLogoField } from '@/components/account-logo-field';
import { applyServerFieldErrors } from '@/components/form/apply-server-field-errors';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { SettingsSection } from '@/components/settings-section';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useStoreSettings } from '../api/get-store-settings';
import { useSaveStoreSettings } from '../api/save-store-settings';
import { BookingRulesSummary } from './booking-rules-summary';
import { CopyField } from './copy-field';
import { StoreDomainSection } from './store-domain-section';

/** The line an owner pastes into their own website (§10 "a one-line embed script"). */
export const embedLine = (origin: string, slug: string) =>
  `<script src="${origin}/s/${slug}/embed.js" async></script>`;

/**
 * Settings → Website Settings (/account?tab=website; back-office spec §10, decision 0068): the
 * store's address, look, booking rules, custom domain and embed line. `website.read` to see
 * them, `website.write` to change them.
 */
export function WebsiteSettingsTab() {
  const { user } = useAuthenticatedSession();
  const settings = useStoreSettings();
  if (settings.isPending)
    return <LoadingRows label="Loading website settings" rows={4} variant="cards" />;
  if (settings.isError)
    return (
      <QueryError
        variant="panel"
        title="The website settings could not be loaded."
        description="Check your connection and try again."
        onRetry={() => void settings.refetch()}
      />
    );
  const canEdit = can(user.roles, 'website.write');
  return (
    <div className="grid min-w-0 gap-6">
      <WebsiteSettingsForm
        settings={settings.data}
        canEdit={canEdit}
        canEditLogo={can(user.roles, 'account.write')}
      />
      <SettingsSection
        title="Custom domain"
        description="Shoppers reach your store at your own address instead of this app’s."
      >
        <StoreDomainSection canEdit={canEdit} hasStore={settings.data !== null} />
      </SettingsSection>
      <SettingsSection
        title="Embed the booking search"
        description="Paste this line into your own website where the booking search should appear. It asks when and where the party is, then opens your store."
      >
        {settings.data ? (
          <CopyField
            label="Embed code"
            value={embedLine(window.location.origin, settings.data.slug)}
            copied="Embed code copied"
          />
        ) : (
          <p className="text-sm text-muted-foreground">
            Save the store’s address above first; the embed code names it.
          </p>
        )}
      </SettingsSection>
    </div>
  );
}

type FormValues = StoreSettingsInput;

const formValues = (settings: StoreSettingsResponse | null): FormValues => ({
  slug: settings?.slug ?? '',
  holdMinutes: settings?.holdMinutes ?? STORE_HOLD_MINUTES.default,
  colour: settings?.colour ?? STORE_COLOUR_DEFAULT,
  font: settings?.font ?? STORE_FONT_DEFAULT,
  checkoutMode: settings?.checkoutMode ?? 'both',
});

const FIELDS = ['slug', 'colour', 'font', 'checkoutMode', 'holdMinutes'] as const;
const FONT_OPTIONS = STORE_FONT_KEYS.map((key) => ({ value: key, label: STORE_FONTS[key].label }));

export function WebsiteSettingsForm({
  settings,
  canEdit,
  canEditLogo,
}: {
  settings: StoreSettingsResponse | null;
  canEdit: boolean;
  canEditLogo: boolean;
}) {
  const save = useSaveStoreSettings();
  const values = useMemo(() => formValues(settings), [settings]);
  const form = useForm<FormValues, unknown, StoreSettings>({
    defaultValues: values,
    values,
    resolver: zodResolver(storeSettingsSchema),
  });
  const {
    register,
    formState: { errors, isDirty, isSubmitting },
  } = form;
  const slug = useWatch({ control: form.control, name: 'slug' });
  const url = `${window.location.origin}/s/${slug || 'your-store'}`;

  const onSubmit = form.handleSubmit(async (parsed) => {
    try {
      const saved = await save.mutateAsync(parsed);
      form.reset(formValues(saved));
      toast.success(settings ? 'Website settings saved.' : `Your store is live at ${saved.url}`);
    } catch (error) {
      const named = applyServerFieldErrors(error, form.setError, (key) =>
        (FIELDS as readonly string[]).includes(key) ? (key as (typeof FIELDS)[number]) : null,
      );
      const [first] = [...named].sort((a, b) => FIELDS.indexOf(a) - FIELDS.indexOf(b));
      if (first) form.setFocus(first);
      else toast.error('The website settings could not be saved.');
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Website settings"
      className="grid min-w-0 gap-6"
    >
      <UnsavedChangesGuard when={canEdit && isDirty && !isSubmitting} />
      {!canEdit && (
        <p className="rounded-lg border bg-muted/40 px-4 py-3 text-sm text-muted-foreground">
          You can see these settings; changing them needs permission to build and publish the
          website.
        </p>
      )}
      <fieldset disabled={!canEdit} className="m-0 grid min-w-0 gap-6 border-0 p-0">
        <SettingsSection title="Store address" description="Where shoppers find your online store.">
          {!settings && (
            <p className="rounded-lg border border-dashed px-4 py-3 text-sm text-muted-foreground">
              Your store is not set up yet. Choose its address and save to put it online.
            </p>
          )}
          <TextField
            label="Address"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            description={<span className="break-all">{url}</span>}
            {...register('slug')}
            error={errors.slug?.message}
          />
          {settings && (
            <div>
              <Button asChild variant="outline" size="sm">
                <a href={settings.url} target="_blank" rel="noreferrer">
                  <ExternalLink aria-hidden="true" />
                  View store
                </a>
              </Button>
            </div>
          )}
        </SettingsSection>

        <SettingsSection
          title="Look"
          description="Your logo, colour and font on the store’s pages and the embedded booking search."
        >
          <AccountLogoField canEdit={canEditLogo} />
          <ColourField form={form} />
          <FontField form={form} />
        </SettingsSection>

        <SettingsSection
          title="Booking rules"
          description="How shoppers check out, and the rules the store follows from your other settings."
        >
          <CheckoutModeField form={form} />
          <TextField
            label="Hold time (minutes)"
            type="number"
            inputMode="numeric"
            min={STORE_HOLD_MINUTES.min}
            max={STORE_HOLD_MINUTES.max}
            fieldClassName="sm:max-w-xs"
            description={`How long a cart holds its items, ${STORE_HOLD_MINUTES.min} to ${STORE_HOLD_MINUTES.max} minutes; it restarts while the shopper is active.`}
            {...register('holdMinutes', { valueAsNumber: true })}
            error={errors.holdMinutes?.message}
          />
          <BookingRulesSummary />
        </SettingsSection>
      </fieldset>
      {canEdit && (
        <div className="flex justify-end">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting && <Spinner />}
            {settings ? 'Save website settings' : 'Save and put the store online'}
          </Button>
        </div>
      )}
    </form>
  );
}

type FormProps = { form: UseFormReturn<FormValues, unknown, StoreSettings> };

/** The accent colour: a colour picker and its hex code, with the text it will carry. */
function ColourField({ form }: FormProps) {
  const id = useId();
  const colour = useWatch({ control: form.control, name: 'colour' }) ?? '';
  const valid = /^#[0-9a-fA-F]{6}$/.test(colour);
  const ink = valid ? accentTextColour(colour.toLowerCase()) : null;
  const error = form.formState.errors.colour?.message;
  const { ref, ...hex } = form.register('colour');
  return (
    <div className="grid min-w-0 gap-2">
      <label htmlFor={`${id}-hex`} className="text-sm font-medium">
        Accent colour
      </label>
      <div className="flex min-w-0 flex-wrap items-center gap-3">
        <input
          type="color"
          aria-label="Pick the accent colour"
          className="h-10 w-14 cursor-pointer rounded-md border bg-background p-1"
          value={valid ? colour.toLowerCase() : STORE_COLOUR_DEFAULT}
          onChange={(event) =>
            form.setValue('colour', event.target.value, { shouldDirty: true, shouldValidate: true })
          }
        />
        <input
          id={`${id}-hex`}
          ref={ref}
          {...hex}
          spellCheck={false}
          autoComplete="off"
          maxLength={7}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className="h-10 w-28 rounded-md border bg-background px-3 font-mono text-sm"
        />
        <span
          aria-hidden="true"
          className="inline-flex h-10 items-center rounded-md px-4 text-sm font-semibold"
          style={{
            background: valid ? colour : STORE_COLOUR_DEFAULT,
            color: ink ?? ACCENT_TEXT_LIGHT,
          }}
        >
          Add to cart
        </span>
      </div>
      {error ? (
        <FieldError id={`${id}-error`}>{error}</FieldError>
      ) : (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {valid && !ink
            ? 'Text on this colour is hard to read with white or black: choose a darker or a lighter one.'
            : 'The store’s header and buttons. Their text is white or black, whichever reads better.'}
        </p>
      )}
    </div>
  );
}

function FontField({ form }: FormProps) {
  const font = (useWatch({ control: form.control, name: 'font' }) ??
    STORE_FONT_DEFAULT) as StoreFont;
  const stack = (STORE_FONTS[font] ?? STORE_FONTS.modern).heading;
  return (
    <div className="grid min-w-0 gap-2">
      <SelectField
        label="Font"
        options={FONT_OPTIONS}
        fieldClassName="sm:max-w-xs"
        description="Fonts your shoppers’ devices already have: nothing is downloaded."
        {...form.register('font')}
        error={form.formState.errors.font?.message}
      />
      <p
        className="min-w-0 rounded-md border bg-background px-3 py-2 text-lg break-words"
        style={{ fontFamily: stack, fontWeight: STORE_FONTS[font]?.headingWeight }}
      >
        <span className="sr-only">Preview: </span>
        {STORE_FONTS[font]?.label}: When and where is your party?
      </p>
    </div>
  );
}

function CheckoutModeField({ form }: FormProps) {
  const id = useId();
  const error = form.formState.errors.checkoutMode?.message;
  return (
    <fieldset
      className="m-0 grid min-w-0 gap-2 border-0 p-0"
      aria-describedby={error ? `${id}-error` : `${id}-hint`}
    >
      <legend className="mb-2 text-sm font-medium">Checkout</legend>
      {STORE_CHECKOUT_MODE_KEYS.map((mode) => (
        <label key={mode} className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            value={mode}
            className="mt-0.5 size-4 accent-primary"
            {...form.register('checkoutMode')}
          />
          <span>{STORE_CHECKOUT_MODES[mode]}</span>
        </label>
      ))}
      {error ? (
        <FieldError id={`${id}-error`}>{error}</FieldError>
      ) : (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          Instant booking takes the deposit by card; without card payments set up, shoppers send
          quote requests.
        </p>
      )}
    </fieldset>
  );
}
