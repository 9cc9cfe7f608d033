import { Link } from '@tanstack/react-router';
import {
  type Automation,
  can,
  DEFAULT_TEMPLATES,
  type MessagingSettings,
  orderStatusLabel,
} from '@tentpole/domain';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { useAccountFormat } from '@/lib/account-format';
import { ApiError } from '@/lib/api-client';
import {
  useAutomations,
  useDeleteAutomation,
  useMessagingSettings,
  useSaveAutomation,
  useSaveMessagingSettings,
  useWeekPreview,
} from '../api/email-api';
import { channelLabel, when } from '../lib/format';
import { AutomationDialog } from './automation-dialog';

const FULFILMENT_TEXT = { any: '', delivery: 'delivery orders', pickup: 'pickup orders' };

function conditions(a: Automation) {
  const parts = [a.statuses.map(orderStatusLabel).join(', ')];
  if (a.fulfilment !== 'any') parts.push(FULFILMENT_TEXT[a.fulfilment]);
  if (a.tags.length) parts.push(`tagged ${a.tags.join(' or ')}`);
  return parts.join(' · ');
}

/** §8 automations: the list with on/off, the editor, quiet hours, and the week ahead. */
export function AutomationsPanel({
  creating,
  onCreatingChange,
}: {
  creating: boolean;
  onCreatingChange: (open: boolean) => void;
}) {
  const { user } = useAuthenticatedSession();
  const mayWrite = can(user.roles, 'email.write');
  const automations = useAutomations();
  const [editing, setEditing] = useState<Automation | null>(null);
  const save = useSaveAutomation();
  const remove = useDeleteAutomation();
  const listHeading = useId();

  function toggle(a: Automation, enabled: boolean) {
    const { id, key: _key, timing: _timing, updatedAt: _updated, ...input } = a;
    save.mutate(
      { id, input: { ...input, enabled } },
      {
        onSuccess: () => toast.success(`${a.name} turned ${enabled ? 'on' : 'off'}.`),
        onError: () => toast.error(`${a.name} could not be changed.`),
      },
    );
  }

  return (
    <div className="grid min-w-0 gap-6 xl:grid-cols-[minmax(0,1fr)_22rem] xl:items-start">
      <div className="grid min-w-0 gap-6">
        <section aria-labelledby={listHeading} className="grid min-w-0 gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id={listHeading} className="text-base font-semibold">
              Automations
            </h2>
            <Button size="sm" disabled={!mayWrite} onClick={() => onCreatingChange(true)}>
              <Plus aria-hidden="true" /> New automation
            </Button>
          </div>
          {automations.isPending ? (
            <LoadingRows label="Loading automations" rows={6} variant="cards" />
          ) : automations.isError ? (
            <QueryError
              variant="panel"
              title="The automations could not be loaded."
              onRetry={() => void automations.refetch()}
            />
          ) : (
            <ul className="grid gap-3">
              {automations.data.map((a) => (
                <li
                  key={a.id}
                  className="grid min-w-0 gap-2 rounded-xl border bg-card p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
                >
                  <div className="min-w-0">
                    <h3 className="font-medium wrap-anywhere">{a.name}</h3>
                    <p className="text-sm wrap-anywhere">{a.timing}</p>
                    <p className="text-sm text-muted-foreground wrap-anywhere">
                      {channelLabel(a.channel)} · {DEFAULT_TEMPLATES[a.templateKey].name} ·{' '}
                      {conditions(a)}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="flex items-center gap-2 text-sm">
                      <Switch
                        checked={a.enabled}
                        disabled={!mayWrite || save.isPending}
                        onCheckedChange={(v) => toggle(a, v)}
                        aria-label={`${a.name} on`}
                      />
                      {a.enabled ? 'On' : 'Off'}
                    </span>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={!mayWrite}
                      onClick={() => setEditing(a)}
                      aria-label={`Edit ${a.name}`}
                    >
                      Edit
                    </Button>
                    {!a.key && (
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={!mayWrite || remove.isPending}
                        aria-label={`Delete ${a.name}`}
                        onClick={() =>
                          remove.mutate(a.id, {
                            onSuccess: () => toast.success(`${a.name} deleted.`),
                            onError: () => toast.error(`${a.name} could not be deleted.`),
                          })
                        }
                      >
                        Delete
                      </Button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
          {!mayWrite && (
            <p className="text-sm text-muted-foreground">
              Changing automations needs the email.write permission.
            </p>
          )}
        </section>
        <MessagingSettingsForm mayWrite={mayWrite} />
      </div>
      <WeekAhead />
      <AutomationDialog
        automation={editing}
        open={creating || editing !== null}
        onOpenChange={(open) => {
          if (!open) {
            setEditing(null);
            onCreatingChange(false);
          }
        }}
      />
    </div>
  );
}

function WeekAhead() {
  const { locale } = useAccountFormat();
  const week = useWeekPreview();
  const heading = useId();
  return (
    <section
      aria-labelledby={heading}
      className="grid min-w-0 gap-3 rounded-xl border bg-card p-4 xl:sticky xl:top-20"
    >
      <h2 id={heading} className="text-base font-semibold">
        This week
      </h2>
      <p className="text-sm text-muted-foreground">
        What the automations would send in the next 7 days, as orders stand now.
      </p>
      {week.isPending ? (
        <LoadingRows label="Loading the week ahead" rows={4} />
      ) : week.isError ? (
        <QueryError
          title="The week ahead could not be loaded."
          onRetry={() => void week.refetch()}
        />
      ) : week.data.messages.length === 0 ? (
        <p className="text-sm">Nothing is due in the next 7 days.</p>
      ) : (
        <ul className="grid gap-2 text-sm" data-testid="week-ahead">
          {week.data.messages.slice(0, 40).map((m) => (
            <li key={`${m.automationName}-${m.orderId}`} className="min-w-0 wrap-anywhere">
              <span className="block tabular-nums text-muted-foreground">
                {when(locale).format(new Date(m.dueAt))}
              </span>
              <span className="font-medium">{m.automationName}</span> · {channelLabel(m.channel)} to{' '}
              <Link to="/orders/$orderId" params={{ orderId: m.orderId }} className="underline">
                {m.customerName} (#{m.orderNumber})
              </Link>
            </li>
          ))}
          {week.data.messages.length > 40 && (
            <li className="text-muted-foreground">and {week.data.messages.length - 40} more</li>
          )}
        </ul>
      )}
    </section>
  );
}

function MessagingSettingsForm({ mayWrite }: { mayWrite: boolean }) {
  const settings = useMessagingSettings();
  if (settings.isPending) return <LoadingRows label="Loading quiet hours" rows={2} />;
  if (settings.isError)
    return (
      <QueryError
        title="Quiet hours could not be loaded."
        onRetry={() => void settings.refetch()}
      />
    );
  return <SettingsFields saved={settings.data} mayWrite={mayWrite} />;
}

function SettingsFields({ saved, mayWrite }: { saved: MessagingSettings; mayWrite: boolean }) {
  const [start, setStart] = useState(saved.quietHours.start);
  const [end, setEnd] = useState(saved.quietHours.end);
  const [review, setReview] = useState(saved.reviewLink ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveMessagingSettings();
  const id = useId();
  const heading = useId();

  async function submit() {
    setErrors({});
    try {
      await save.mutateAsync({
        quietHours: { start, end },
        reviewLink: review.trim() === '' ? null : review.trim(),
      });
      toast.success('Quiet hours and review link saved.');
    } catch (error) {
      const fields = error instanceof ApiError ? error.body?.error.fields : undefined;
      if (fields)
        setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? ''])));
      else toast.error('The settings could not be saved.');
    }
  }

  return (
    <section aria-labelledby={heading} className="grid gap-3 rounded-xl border bg-card p-4">
      <h2 id={heading} className="text-base font-semibold">
        Quiet hours and review link
      </h2>
      <p className="text-sm text-muted-foreground">
        No automated e-mail or text goes out between these times in your account’s timezone; one due
        then waits for the morning.
      </p>
      <form
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-start`}>Quiet from</Label>
          <Input
            id={`${id}-start`}
            type="time"
            value={start}
            onChange={(e) => setStart(e.target.value)}
            required
          />
          {errors['quietHours.start'] && (
            <p className="text-sm text-destructive">{errors['quietHours.start']}</p>
          )}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-end`}>Until</Label>
          <Input
            id={`${id}-end`}
            type="time"
            value={end}
            onChange={(e) => setEnd(e.target.value)}
            required
          />
          {errors['quietHours.end'] && (
            <p className="text-sm text-destructive">{errors['quietHours.end']}</p>
          )}
        </div>
        <div className="grid gap-1.5 sm:col-span-2">
          <Label htmlFor={`${id}-review`}>Review link</Label>
          <Input
            id={`${id}-review`}
            type="url"
            inputMode="url"
            value={review}
            placeholder="https://g.page/r/…"
            aria-invalid={errors.reviewLink ? true : undefined}
            aria-describedby={errors.reviewLink ? `${id}-review-error` : `${id}-review-hint`}
            onChange={(e) => setReview(e.target.value)}
          />
          {errors.reviewLink ? (
            <p id={`${id}-review-error`} className="text-sm text-destructive">
              {errors.reviewLink}
            </p>
          ) : (
            <p id={`${id}-review-hint`} className="text-xs text-muted-foreground">
              Fills {'{{business.reviewLink}}'} in the thank-you e-mail.
            </p>
          )}
        </div>
        <div>
          <Button type="submit" disabled={!mayWrite || save.isPending}>
            {save.isPending && <Spinner />} Save
          </Button>
        </div>
      </form>
    </section>
  );
}
