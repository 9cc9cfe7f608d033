import { zodResolver } from '@hookform/resolvers/zod';
import {
  can,
  DEFAULT_TEXT_BACK_SETTINGS,
  TEXT_BACK_FIELDS,
  type TextBackSettings,
  textBackSettingsSchema,
} from '@tentpole/domain';
import { useForm } from 'react-hook-form';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { applyServerFieldErrors } from '@/components/form/apply-server-field-errors';
import { SwitchField } from '@/components/form/switch-field';
import { TextareaField } from '@/components/form/textarea-field';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { QueryError } from '@/components/query-state/query-error';
import { SettingsSection } from '@/components/settings-section';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useSaveTextBack, useTextBack } from '../api/text-back';

const FIELD_NAMES = new Set(Object.keys(textBackSettingsSchema.shape));
const fieldsHint = `Fields: ${TEXT_BACK_FIELDS.filter(
  (f) => !f.key.startsWith('order.') && f.key !== 'customer.firstName',
)
  .map((f) => `{{${f.key}}}`)
  .join(', ')}.`;
const orderFieldsHint = `Also: ${TEXT_BACK_FIELDS.filter(
  (f) => f.key.startsWith('order.') || f.key === 'customer.firstName',
)
  .map((f) => `{{${f.key}}}`)
  .join(', ')}.`;

/**
 * Settings → Reach, issue 24 item 4: text a caller nobody answered, once a day, with a text per
 * case. Off until the account turns it on.
 */
export function TextBackSettingsSection() {
  const { user } = useAuthenticatedSession();
  const settings = useTextBack();
  if (settings.isPending) return <Skeleton className="h-64 w-full" />;
  if (settings.isError)
    return (
      <QueryError
        title="The missed-call text settings could not be loaded."
        onRetry={() => void settings.refetch()}
        className="rounded-xl border bg-card"
      />
    );
  return <TextBackForm settings={settings.data} canEdit={can(user.roles, 'account.write')} />;
}

function TextBackForm({ settings, canEdit }: { settings: TextBackSettings; canEdit: boolean }) {
  const save = useSaveTextBack();
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<TextBackSettings>({
    resolver: zodResolver(textBackSettingsSchema),
    values: settings,
  });
  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
    } catch (error) {
      applyServerFieldErrors(error, setError, (key) =>
        FIELD_NAMES.has(key) ? (key as keyof TextBackSettings) : null,
      );
    }
  });
  return (
    <form noValidate onSubmit={submit} aria-label="Missed-call text-back">
      <UnsavedChangesGuard when={canEdit && isDirty && !isSubmitting} />
      <fieldset disabled={!canEdit} className="m-0 min-w-0 border-0 p-0">
        <SettingsSection
          title="Missed-call text-back"
          description="When nobody takes a call (it rings out or goes to voicemail), text the caller once a day. Outside business hours (Schedule) the after-hours text goes instead. Numbers that replied STOP get nothing."
        >
          <div className="grid gap-5">
            <SwitchField
              control={control}
              name="enabled"
              label="Text back missed calls"
              description="Each caller gets at most one text a day."
            />
            <TextareaField
              label="New caller"
              rows={4}
              description={`Someone without an order ahead. ${fieldsHint}`}
              error={errors.newCaller?.message}
              {...register('newCaller')}
            />
            <TextareaField
              label="Known caller with an order"
              rows={4}
              description={`A customer whose party is still ahead. ${orderFieldsHint}`}
              error={errors.knownCaller?.message}
              {...register('knownCaller')}
            />
            <TextareaField
              label="After hours"
              rows={4}
              description={`Any caller outside business hours. ${fieldsHint}`}
              error={errors.afterHours?.message}
              {...register('afterHours')}
            />
            {canEdit && (
              <div className="flex flex-wrap justify-end gap-2">
                <Button
                  type="button"
                  variant="outline"
                  onClick={() =>
                    reset(
                      { ...DEFAULT_TEXT_BACK_SETTINGS, enabled: settings.enabled },
                      { keepDefaultValues: true },
                    )
                  }
                >
                  Use the suggested texts
                </Button>
                <Button type="submit" disabled={isSubmitting}>
                  {isSubmitting && <Spinner />}
                  Save missed-call texts
                </Button>
              </div>
            )}
          </div>
        </SettingsSection>
      </fieldset>
    </form>
  );
}
