import {
  AUTOMATION_TRIGGER_INFO,
  AUTOMATION_TRIGGERS,
  type Automation,
  type AutomationInput,
  type AutomationTrigger,
  automationInputSchema,
  CHANNEL_LABELS,
  CHANNELS,
  DEFAULT_TEMPLATES,
  describeTiming,
  OFFSET_UNITS,
  ORDER_STATUSES,
  type OrderStatus,
  orderStatusLabel,
  TEMPLATE_KEYS,
} from '@tentpole/domain';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { useAccountFormat } from '@/lib/account-format';
import { ApiError } from '@/lib/api-client';
import { useDraftWeekPreview, useSaveAutomation } from '../api/email-api';
import { channelLabel, when } from '../lib/format';

type Draft = Omit<AutomationInput, 'offsetAmount' | 'tags' | 'atTime'> & {
  offsetAmount: string;
  atTime: string;
  tags: string;
};

const blank: Draft = {
  name: '',
  trigger: 'before_event',
  offsetAmount: '2',
  offsetUnit: 'days',
  atTime: '10:00',
  channel: 'email',
  templateKey: 'event_reminder',
  statuses: [...AUTOMATION_TRIGGER_INFO.before_event.statuses],
  fulfilment: 'any',
  tags: '',
  enabled: true,
};

const draftOf = (a: Automation): Draft => ({
  name: a.name,
  trigger: a.trigger,
  offsetAmount: String(a.offsetAmount),
  offsetUnit: a.offsetUnit,
  atTime: a.atTime ?? '',
  channel: a.channel,
  templateKey: a.templateKey,
  statuses: a.statuses,
  fulfilment: a.fulfilment,
  tags: a.tags.join(', '),
  enabled: a.enabled,
});

const UNIT_LABELS = { hours: 'Hours', days: 'Days', weeks: 'Weeks', months: 'Months' } as const;
const FULFILMENT_LABELS = { any: 'Delivery or pickup', delivery: 'Delivery', pickup: 'Pickup' };

function toInput(draft: Draft) {
  return automationInputSchema.safeParse({
    ...draft,
    offsetAmount: draft.offsetAmount.trim() === '' ? Number.NaN : Number(draft.offsetAmount),
    atTime: draft.offsetUnit === 'hours' || draft.atTime === '' ? null : draft.atTime,
    tags: draft.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  });
}

type Errors = Partial<Record<keyof Draft, string>>;

/** §8: an automation's trigger, timing, channel, template and conditions, with its week ahead. */
export function AutomationDialog({
  automation,
  open,
  onOpenChange,
}: {
  /** The one being edited; null: a new one. */
  automation: Automation | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{automation ? 'Edit automation' : 'New automation'}</DialogTitle>
          <DialogDescription>
            Sent once per order when its time comes, never in quiet hours, and not to muted orders.
          </DialogDescription>
        </DialogHeader>
        {open && <AutomationForm automation={automation} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function AutomationForm({
  automation,
  onDone,
}: {
  automation: Automation | null;
  onDone: () => void;
}) {
  const { locale } = useAccountFormat();
  const [draft, setDraft] = useState<Draft>(automation ? draftOf(automation) : blank);
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveAutomation();
  const week = useDraftWeekPreview();
  const id = useId();
  const f = (name: string) => `${id}-${name}`;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft({ ...draft, [key]: value });

  function check(): AutomationInput | null {
    const parsed = toInput(draft);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const next: Errors = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof Draft;
      next[key] ??= issue.message;
    }
    setErrors(next);
    const first = Object.keys(next)[0];
    if (first) document.getElementById(f(first))?.focus();
    return null;
  }

  async function submit() {
    const input = check();
    if (!input) return;
    try {
      await save.mutateAsync({ id: automation?.id ?? null, input });
      toast.success(`${input.name} saved.`);
      onDone();
    } catch (error) {
      const fields = error instanceof ApiError ? error.body?.error.fields : undefined;
      if (fields)
        setErrors(
          Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.split('.')[0], v[0]])),
        );
      else toast.error('The automation could not be saved.');
    }
  }

  const errorOf = (key: keyof Draft) =>
    errors[key] ? (
      <p id={`${f(key)}-error`} className="text-sm text-destructive">
        {errors[key]}
      </p>
    ) : null;
  const invalid = (key: keyof Draft) =>
    errors[key] ? { 'aria-invalid': true as const, 'aria-describedby': `${f(key)}-error` } : {};
  const parsed = toInput(draft);

  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <div className="grid gap-1.5">
        <Label htmlFor={f('name')}>Name</Label>
        <Input
          id={f('name')}
          value={draft.name}
          maxLength={80}
          onChange={(e) => set('name', e.target.value)}
          {...invalid('name')}
        />
        {errorOf('name')}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={f('trigger')}>When</Label>
        <NativeSelect
          id={f('trigger')}
          value={draft.trigger}
          onChange={(e) => {
            const trigger = e.target.value as AutomationTrigger;
            setDraft({
              ...draft,
              trigger,
              statuses: [...AUTOMATION_TRIGGER_INFO[trigger].statuses],
            });
          }}
        >
          {AUTOMATION_TRIGGERS.map((t) => (
            <option key={t} value={t}>
              {AUTOMATION_TRIGGER_INFO[t].label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="grid gap-1.5">
          <Label htmlFor={f('offsetAmount')}>
            {AUTOMATION_TRIGGER_INFO[draft.trigger].direction === 'before'
              ? 'How long before'
              : 'How long after'}
          </Label>
          <Input
            id={f('offsetAmount')}
            inputMode="numeric"
            value={draft.offsetAmount}
            onChange={(e) => set('offsetAmount', e.target.value)}
            {...invalid('offsetAmount')}
          />
          {errorOf('offsetAmount')}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={f('offsetUnit')}>Unit</Label>
          <NativeSelect
            id={f('offsetUnit')}
            value={draft.offsetUnit}
            onChange={(e) => set('offsetUnit', e.target.value as Draft['offsetUnit'])}
          >
            {OFFSET_UNITS.map((u) => (
              <option key={u} value={u}>
                {UNIT_LABELS[u]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={f('atTime')}>At (local time)</Label>
          <Input
            id={f('atTime')}
            type="time"
            value={draft.offsetUnit === 'hours' ? '' : draft.atTime}
            disabled={draft.offsetUnit === 'hours'}
            onChange={(e) => set('atTime', e.target.value)}
            {...invalid('atTime')}
          />
          {errorOf('atTime')}
        </div>
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {parsed.success ? describeTiming(parsed.data) : ' '}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={f('channel')}>Send by</Label>
          <NativeSelect
            id={f('channel')}
            value={draft.channel}
            onChange={(e) => set('channel', e.target.value as Draft['channel'])}
          >
            {CHANNELS.map((c) => (
              <option key={c} value={c}>
                {CHANNEL_LABELS[c]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={f('templateKey')}>Template</Label>
          <NativeSelect
            id={f('templateKey')}
            value={draft.templateKey}
            onChange={(e) => set('templateKey', e.target.value as Draft['templateKey'])}
          >
            {TEMPLATE_KEYS.map((k) => (
              <option key={k} value={k}>
                {DEFAULT_TEMPLATES[k].name}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <fieldset className="grid gap-2" {...invalid('statuses')}>
        <legend className="mb-1 text-sm font-medium">Only for orders that are</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {ORDER_STATUSES.filter((s) => s !== 'draft').map((status) => (
            <label key={status} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                id={status === 'quote' ? f('statuses') : undefined}
                className="size-4 accent-primary"
                checked={draft.statuses.includes(status)}
                onChange={(e) =>
                  set(
                    'statuses',
                    e.target.checked
                      ? [...draft.statuses, status]
                      : draft.statuses.filter((s: OrderStatus) => s !== status),
                  )
                }
              />
              {orderStatusLabel(status)}
            </label>
          ))}
        </div>
        {errorOf('statuses')}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={f('fulfilment')}>Fulfilment</Label>
          <NativeSelect
            id={f('fulfilment')}
            value={draft.fulfilment}
            onChange={(e) => set('fulfilment', e.target.value as Draft['fulfilment'])}
          >
            {(['any', 'delivery', 'pickup'] as const).map((v) => (
              <option key={v} value={v}>
                {FULFILMENT_LABELS[v]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={f('tags')}>Only with a tag</Label>
          <Input
            id={f('tags')}
            value={draft.tags}
            placeholder="Any order"
            aria-describedby={`${f('tags')}-hint`}
            onChange={(e) => set('tags', e.target.value)}
          />
          <p id={`${f('tags')}-hint`} className="text-xs text-muted-foreground">
            Separate tags with commas; an order with any of them.
          </p>
        </div>
      </div>
      <span className="flex items-center gap-3 text-sm">
        <Switch
          checked={draft.enabled}
          onCheckedChange={(v) => set('enabled', v)}
          aria-label="Automation on"
        />
        {draft.enabled ? 'On' : 'Off'}
      </span>

      <section className="grid gap-2 rounded-lg border p-3" aria-live="polite">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-sm font-semibold">This week</h3>
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={week.isPending}
            onClick={() => {
              const input = check();
              if (input) week.mutate(input);
            }}
          >
            {week.isPending && <Spinner />} Preview this week
          </Button>
        </div>
        {week.isError && <p className="text-sm text-destructive">The preview could not be made.</p>}
        {week.data &&
          (week.data.messages.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing in the next 7 days.</p>
          ) : (
            <ul className="grid gap-1 text-sm" data-testid="draft-week">
              {week.data.messages.slice(0, 20).map((m) => (
                <li key={`${m.orderId}-${m.dueAt}`} className="wrap-anywhere">
                  <span className="tabular-nums text-muted-foreground">
                    {when(locale).format(new Date(m.dueAt))}
                  </span>{' '}
                  · {channelLabel(m.channel)} to {m.customerName} (order #{m.orderNumber})
                </li>
              ))}
              {week.data.messages.length > 20 && (
                <li className="text-muted-foreground">and {week.data.messages.length - 20} more</li>
              )}
            </ul>
          ))}
      </section>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner />} Save automation
        </Button>
      </DialogFooter>
    </form>
  );
}
