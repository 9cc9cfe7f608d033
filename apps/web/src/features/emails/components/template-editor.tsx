import {
  can,
  MERGE_FIELDS,
  type MessageTemplate,
  type TemplateKey,
  unknownMergeFields,
} from '@tentpole/domain';
import { useDeferredValue, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useOrders } from '@/features/orders/api/get-orders';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import {
  useResetTemplate,
  useSaveTemplate,
  useSendTest,
  useTemplatePreview,
  useTemplates,
} from '../api/email-api';
import { EmailFrame } from './email-frame';

const GROUPS = [...new Set(MERGE_FIELDS.map((f) => f.group))];

/** §8 templates: pick one, edit its subject and body with merge fields, preview, send a test. */
export function TemplateEditor() {
  const templates = useTemplates();
  const [key, setKey] = useState<TemplateKey | null>(null);
  if (templates.isPending) return <LoadingRows label="Loading templates" rows={6} />;
  if (templates.isError)
    return (
      <QueryError
        variant="panel"
        title="The templates could not be loaded."
        onRetry={() => void templates.refetch()}
      />
    );
  const current = templates.data.find((t) => t.key === key) ?? templates.data[0];
  if (!current) return null;
  return (
    <div className="grid min-w-0 gap-5 lg:grid-cols-[14rem_minmax(0,1fr)]">
      <nav aria-label="Templates" className="min-w-0">
        <Label htmlFor="template-choice" className="mb-1.5 lg:sr-only">
          Template
        </Label>
        <div className="lg:hidden">
          <NativeSelect
            id="template-choice"
            value={current.key}
            onChange={(e) => setKey(e.target.value as TemplateKey)}
          >
            {templates.data.map((t) => (
              <option key={t.key} value={t.key}>
                {t.name}
                {t.edited ? ' (edited)' : ''}
              </option>
            ))}
          </NativeSelect>
        </div>
        <ul className="hidden gap-0.5 lg:grid">
          {templates.data.map((t) => (
            <li key={t.key}>
              <button
                type="button"
                aria-current={t.key === current.key ? 'true' : undefined}
                onClick={() => setKey(t.key)}
                className={cn(
                  'flex w-full items-center justify-between gap-2 rounded-md px-3 py-2 text-left text-sm hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
                  t.key === current.key && 'bg-muted font-medium',
                )}
              >
                <span className="min-w-0 wrap-anywhere">{t.name}</span>
                {t.edited && <span className="text-xs text-muted-foreground">edited</span>}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {/* Remounted per template, so each starts from its saved text. */}
      <TemplateForm
        key={`${current.key}:${current.updatedAt ?? 'shipped'}`}
        templateKey={current.key}
        name={current.name}
        saved={{ subject: current.subject, body: current.body }}
        edited={current.edited}
      />
    </div>
  );
}

function TemplateForm({
  templateKey,
  name,
  saved,
  edited,
}: {
  templateKey: TemplateKey;
  name: string;
  saved: MessageTemplate;
  edited: boolean;
}) {
  const { user } = useAuthenticatedSession();
  const mayWrite = can(user.roles, 'email.write');
  const [draft, setDraft] = useState(saved);
  const [errors, setErrors] = useState<{ subject?: string; body?: string }>({});
  const [orderId, setOrderId] = useState<string>('');
  const [field, setField] = useState<string>('');
  const lastFocused = useRef<'subject' | 'body'>('body');
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const ids = { subject: useId(), body: useId(), field: useId(), order: useId(), preview: useId() };
  const save = useSaveTemplate();
  const reset = useResetTemplate();
  const sendTest = useSendTest();
  const orders = useOrders({
    page: 1,
    pageSize: 25,
    sort: 'number',
    order: 'desc',
    search: '',
  });
  const deferred = useDeferredValue(draft);
  const typedUnknown = {
    subject: unknownMergeFields(draft.subject),
    body: unknownMergeFields(draft.body),
  };
  const previewable = typedUnknown.subject.length === 0 && typedUnknown.body.length === 0;
  const preview = useTemplatePreview(previewable ? templateKey : null, deferred, orderId || null);
  const changed = draft.subject !== saved.subject || draft.body !== saved.body;

  /** Puts `{{key}}` where the caret was in the field last typed in. */
  function insertField(key: string) {
    const target = lastFocused.current;
    const element = target === 'subject' ? subjectRef.current : bodyRef.current;
    const text = draft[target];
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    const token = `{{${key}}}`;
    setDraft({ ...draft, [target]: text.slice(0, start) + token + text.slice(end) });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  function serverErrors(error: unknown) {
    const fields = error instanceof ApiError ? error.body?.error.fields : undefined;
    setErrors({ subject: fields?.subject?.[0], body: fields?.body?.[0] });
    return Boolean(fields?.subject || fields?.body);
  }

  async function onSave() {
    setErrors({});
    try {
      await save.mutateAsync({ key: templateKey, draft });
      toast.success(`${name} saved.`);
    } catch (error) {
      if (!serverErrors(error)) toast.error('The template could not be saved.');
    }
  }

  async function onTest() {
    try {
      const sent = await sendTest.mutateAsync({
        key: templateKey,
        draft,
        orderId: orderId || null,
      });
      toast.success(`Test sent to ${sent.to}.`);
    } catch (error) {
      if (!serverErrors(error)) toast.error('The test could not be sent.');
    }
  }

  const subjectError =
    errors.subject ??
    (typedUnknown.subject.length
      ? `Unknown merge field: ${typedUnknown.subject.map((k) => `{{${k}}}`).join(', ')}`
      : undefined);
  const bodyError =
    errors.body ??
    (typedUnknown.body.length
      ? `Unknown merge field: ${typedUnknown.body.map((k) => `{{${k}}}`).join(', ')}`
      : undefined);

  return (
    <div className="grid min-w-0 gap-5 xl:grid-cols-2">
      <form
        className="grid min-w-0 content-start gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void onSave();
        }}
      >
        <h2 className="text-lg font-semibold wrap-anywhere">{name}</h2>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.subject}>Subject</Label>
          <Input
            id={ids.subject}
            ref={subjectRef}
            value={draft.subject}
            maxLength={200}
            aria-invalid={subjectError ? true : undefined}
            aria-describedby={subjectError ? `${ids.subject}-error` : undefined}
            onFocus={() => {
              lastFocused.current = 'subject';
            }}
            onChange={(e) => setDraft({ ...draft, subject: e.target.value })}
          />
          {subjectError && (
            <p id={`${ids.subject}-error`} className="text-sm text-destructive wrap-anywhere">
              {subjectError}
            </p>
          )}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.body}>Body</Label>
          <Textarea
            id={ids.body}
            ref={bodyRef}
            rows={14}
            value={draft.body}
            aria-invalid={bodyError ? true : undefined}
            aria-describedby={`${ids.body}-hint${bodyError ? ` ${ids.body}-error` : ''}`}
            onFocus={() => {
              lastFocused.current = 'body';
            }}
            onChange={(e) => setDraft({ ...draft, body: e.target.value })}
          />
          <p id={`${ids.body}-hint`} className="text-xs text-muted-foreground">
            A blank line starts a new paragraph. Texts send the body as it is; e-mails add your
            business name and links.
          </p>
          {bodyError && (
            <p id={`${ids.body}-error`} className="text-sm text-destructive wrap-anywhere">
              {bodyError}
            </p>
          )}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.field}>Insert a merge field</Label>
          <div className="flex gap-2">
            <NativeSelect id={ids.field} value={field} onChange={(e) => setField(e.target.value)}>
              <option value="">Choose a field</option>
              {GROUPS.map((group) => (
                <optgroup key={group} label={group}>
                  {MERGE_FIELDS.filter((f) => f.group === group).map((f) => (
                    <option key={f.key} value={f.key}>
                      {f.label} ({`{{${f.key}}}`})
                    </option>
                  ))}
                </optgroup>
              ))}
            </NativeSelect>
            <Button
              type="button"
              variant="outline"
              disabled={!field}
              onClick={() => {
                insertField(field);
                setField('');
              }}
            >
              Insert
            </Button>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={!mayWrite || !changed || save.isPending}>
            {save.isPending && <Spinner />} Save template
          </Button>
          {edited && (
            <Button
              type="button"
              variant="outline"
              disabled={!mayWrite || reset.isPending}
              onClick={() =>
                // Awaited, not mutate's callbacks: the form remounts with the shipped text.
                reset.mutateAsync(templateKey).then(
                  () => toast.success(`${name} is back to the shipped text.`),
                  () => toast.error('The template could not be reset.'),
                )
              }
            >
              Reset to default
            </Button>
          )}
          <Button
            type="button"
            variant="outline"
            disabled={!mayWrite || !previewable || sendTest.isPending}
            onClick={() => void onTest()}
          >
            {sendTest.isPending && <Spinner />} Send me a test
          </Button>
        </div>
        {!mayWrite && (
          <p className="text-sm text-muted-foreground">
            Changing templates needs the email.write permission.
          </p>
        )}
      </form>

      <section aria-labelledby={ids.preview} className="grid min-w-0 content-start gap-3">
        <h2 id={ids.preview} className="text-lg font-semibold">
          Preview
        </h2>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.order}>Preview with order</Label>
          <NativeSelect id={ids.order} value={orderId} onChange={(e) => setOrderId(e.target.value)}>
            <option value="">Example values</option>
            {(orders.data?.orders ?? []).map((o) => (
              <option key={o.id} value={o.id}>
                #{o.number} · {o.customerName}
              </option>
            ))}
          </NativeSelect>
        </div>
        {preview.isError ? (
          <QueryError
            title="The preview could not be made."
            onRetry={() => void preview.refetch()}
          />
        ) : preview.data ? (
          <div className="grid min-w-0 gap-2" aria-busy={preview.isFetching}>
            <p className="text-sm wrap-anywhere">
              <span className="text-muted-foreground">Subject: </span>
              <span data-testid="preview-subject">{preview.data.subject}</span>
            </p>
            <EmailFrame html={preview.data.html} title={`Preview of ${name}`} />
            <details className="text-sm">
              <summary className="cursor-pointer font-medium">Text version (and texts)</summary>
              <pre className="mt-2 whitespace-pre-wrap wrap-anywhere rounded-md bg-muted p-3 font-sans">
                {preview.data.text}
              </pre>
            </details>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">
            {previewable ? 'Making the preview…' : 'Fix the unknown merge field to see a preview.'}
          </p>
        )}
      </section>
    </div>
  );
}
