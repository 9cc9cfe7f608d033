import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatPhone,
  type PhoneSettings,
  type PhoneSettingsInput,
  phoneSettingsInputSchema,
  phoneSettingsSchema,
} from '@tentpole/domain';
import { Controller, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { applyServerFieldErrors } from '@/components/form/apply-server-field-errors';
import { SwitchField } from '@/components/form/switch-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { SettingsSection } from '@/components/settings-section';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSavePhoneSettings } from '../api/save-phone-settings';
import { ForwardingNumbersField } from './forwarding-numbers-field';

type FormValues = PhoneSettingsInput;
type FieldName = FieldPath<FormValues>;

/** The form's values: stored numbers shown as people write them, absent text as empty. */
function formValuesOf(settings: PhoneSettings | null): FormValues {
  return {
    voicemailText: settings?.voicemailText ?? '',
    showCallerId: settings?.showCallerId ?? false,
    forwardIncomingCallsToMobile: settings?.forwardIncomingCallsToMobile ?? false,
    forwardIncomingCallsTo: (settings?.forwardIncomingCallsTo ?? []).map(
      (number) => formatPhone(number) || number,
    ),
    forwardIncomingMessagesToMobile: settings?.forwardIncomingMessagesToMobile ?? false,
    forwardIncomingMessagesTo: (settings?.forwardIncomingMessagesTo ?? []).map(
      (number) => formatPhone(number) || number,
    ),
    mobileClickToCall: settings?.mobileClickToCall ?? false,
    forwardIncomingMessagesToSlack: settings?.forwardIncomingMessagesToSlack ?? false,
    slackWebhookUrl: settings?.slackWebhookUrl ?? '',
    slackChannelName: settings?.slackChannelName ?? '',
  };
}

const SIMPLE_FIELDS = new Set<string>(Object.keys(phoneSettingsSchema.shape));

/** A server field key ('voicemailText', 'forwardIncomingCallsTo.0') as a form field. */
function asFieldName(key: string): FieldName | null {
  const [head, index, ...rest] = key.split('.');
  if (!head || !SIMPLE_FIELDS.has(head) || rest.length > 0) return null;
  if (index === undefined) return head as FieldName;
  if (!/^\d+$/.test(index)) return null;
  if (head === 'forwardIncomingCallsTo') return `forwardIncomingCallsTo.${Number(index)}`;
  if (head === 'forwardIncomingMessagesTo') return `forwardIncomingMessagesTo.${Number(index)}`;
  return null;
}

type PhoneSettingsFormProps = {
  /** The saved settings, or null when Reach's settings were never saved (spec §4). */
  settings: PhoneSettings | null;
  /** spec §6: only account.write may save; others see the settings read-only. */
  canEdit: boolean;
};

/**
 * The phone settings form (spec §3 fields, §5 rules): validated with the domain's schema, so
 * its messages are the spec's; saved with toasts 'Settings saved' / 'Failed to save settings'.
 */
export function PhoneSettingsForm({ settings, canEdit }: PhoneSettingsFormProps) {
  const save = useSavePhoneSettings();
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<FormValues, unknown, PhoneSettings>({
    resolver: zodResolver(phoneSettingsInputSchema),
    // Follows the saved settings: after a save the form shows what the server kept.
    values: formValuesOf(settings),
  });
  const slackOn = useWatch({ control, name: 'forwardIncomingMessagesToSlack' });

  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
    } catch (error) {
      // The toast says it failed; the fields the server names say why.
      applyServerFieldErrors(error, setError, asFieldName);
    }
  });

  const forwardingFor = (
    name: 'forwardIncomingCallsTo' | 'forwardIncomingMessagesTo',
    label: string,
    hint: string,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <ForwardingNumbersField
          label={label}
          hint={hint}
          value={field.value ?? []}
          onChange={field.onChange}
          onBlur={field.onBlur}
          errors={Array.isArray(errors[name]) ? errors[name] : undefined}
          listError={Array.isArray(errors[name]) ? undefined : errors[name]?.message}
          disabled={!canEdit}
        />
      )}
    />
  );

  return (
    <form noValidate onSubmit={submit} aria-label="Phone settings" className="grid gap-6">
      <UnsavedChangesGuard when={canEdit && isDirty && !isSubmitting} />
      {!canEdit && (
        <p className="rounded-lg border bg-muted/40 px-4 py-3 text-sm text-muted-foreground">
          You can see these settings; changing them needs permission to manage the account.
        </p>
      )}
      {settings === null && canEdit && (
        <p className="rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm">
          Reach's phone settings have not been saved yet. Fill them in and save to set up voicemail
          and forwarding.
        </p>
      )}
      <fieldset disabled={!canEdit} className="m-0 grid min-w-0 gap-6 border-0 p-0">
        <SettingsSection
          title="Voicemail and caller ID"
          description="What callers hear when nobody answers, and what forwarded calls show."
        >
          <div className="grid gap-5">
            <TextareaField
              label="Voicemail text"
              error={errors.voicemailText?.message}
              {...register('voicemailText')}
            />
            <SwitchField
              control={control}
              name="showCallerId"
              label="Show caller ID"
              description="Calls forwarded to a mobile show the customer's number instead of the business number."
            />
          </div>
        </SettingsSection>

        <SettingsSection
          title="Incoming calls"
          description="Ring your own phones as well as the browser when customers call."
        >
          <div className="grid gap-5">
            <SwitchField
              control={control}
              name="forwardIncomingCallsToMobile"
              label="Forward calls to mobile"
              description="Calls to the business number also ring the numbers below."
            />
            {forwardingFor(
              'forwardIncomingCallsTo',
              'Forward calls to',
              'Mobile or landline numbers, such as (555) 010-0123.',
            )}
          </div>
        </SettingsSection>

        <SettingsSection
          title="Incoming texts"
          description="Pass texts from customers on to your phones or your team's Slack."
        >
          <div className="grid gap-5">
            <SwitchField
              control={control}
              name="forwardIncomingMessagesToMobile"
              label="Forward texts to mobile"
              description="Texts to the business number are also sent to the numbers below."
            />
            {forwardingFor(
              'forwardIncomingMessagesTo',
              'Forward texts to',
              'Mobile numbers that can receive texts.',
            )}
            <SwitchField
              control={control}
              name="forwardIncomingMessagesToSlack"
              label="Post texts to Slack"
              description="Each text from a customer is posted to a Slack channel."
            />
            {(slackOn || errors.slackWebhookUrl) && (
              <div className="grid gap-4 rounded-lg border bg-muted/30 p-4 sm:grid-cols-2">
                <TextField
                  label="Slack webhook URL"
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  placeholder="https://hooks.slack.com/services/…"
                  error={errors.slackWebhookUrl?.message}
                  {...register('slackWebhookUrl')}
                />
                <TextField
                  label="Slack channel"
                  optional
                  autoComplete="off"
                  placeholder="#bookings"
                  {...register('slackChannelName')}
                />
              </div>
            )}
          </div>
        </SettingsSection>

        <SettingsSection
          title="Calling from a cell phone"
          description="Let staff place calls from their own phone, which rings first and then connects to the customer."
        >
          <SwitchField
            control={control}
            name="mobileClickToCall"
            label="Mobile click-to-call"
            description="Shows Forward To Mobile in the Outbound Call dialog for staff with a cell number."
          />
        </SettingsSection>
      </fieldset>

      {canEdit && (
        <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-end gap-3 rounded-xl border bg-background/95 px-4 py-3 shadow-lg backdrop-blur supports-[backdrop-filter]:bg-background/80">
          <p className="mr-auto text-sm text-muted-foreground" aria-live="polite">
            {isDirty ? 'You have unsaved changes.' : settings ? 'All changes saved.' : ''}
          </p>
          <Button
            type="button"
            variant="outline"
            disabled={!isDirty || isSubmitting}
            onClick={() => reset()}
          >
            Discard
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting && <Spinner />}
            Save settings
          </Button>
        </div>
      )}
    </form>
  );
}
