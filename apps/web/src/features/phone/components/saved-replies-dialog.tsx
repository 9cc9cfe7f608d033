import {
  MERGE_FIELDS,
  type SavedReply,
  type SavedReplyInput,
  savedReplyInputSchema,
} from '@tentpole/domain';
import { Pencil, Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { QueryError } from '@/components/query-state/query-error';
import { Button } from '@/components/ui/button';
import {
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useDeleteReply, useFillReply, useSavedReplies, useSaveReply } from '../api/inbox';

const FIELD_LABELS = new Map<string, string>(MERGE_FIELDS.map((f) => [f.key, f.label]));
// The fields a text to a customer uses most, offered as a hint (every e-mail field works).
const HINT_FIELDS = [
  'customer.firstName',
  'order.number',
  'order.eventDate',
  'order.deliveryWindow',
  'order.balance',
  'order.payLink',
  'business.name',
];

type Errors = Partial<Record<keyof SavedReplyInput, string>>;

function ReplyForm({
  reply,
  onDone,
}: {
  /** The reply to change, or null for a new one. */
  reply: SavedReply | null;
  onDone: () => void;
}) {
  const save = useSaveReply();
  const remove = useDeleteReply();
  const [name, setName] = useState(reply?.name ?? '');
  const [body, setBody] = useState(reply?.body ?? '');
  const [errors, setErrors] = useState<Errors>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The dialog is in a portal, but React bubbles its submit to the reply box's form.
    event.stopPropagation();
    const parsed = savedReplyInputSchema.safeParse({ name, body });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof SavedReplyInput;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    try {
      await save.mutateAsync({ ...parsed.data, ...(reply ? { id: reply.id } : {}) });
      toast.success(`Saved reply “${parsed.data.name}” saved.`);
      onDone();
    } catch (error) {
      const fields = error instanceof ApiError ? error.body?.error.fields : undefined;
      if (fields) setErrors({ name: fields.name?.[0], body: fields.body?.[0] });
      else toast.error('The saved reply could not be saved.');
    }
  }

  async function deleteReply() {
    if (!reply) return;
    try {
      await remove.mutateAsync(reply.id);
      toast.success(`Saved reply “${reply.name}” deleted.`);
      onDone();
    } catch {
      toast.error('The saved reply could not be deleted.');
    }
  }

  return (
    <form noValidate onSubmit={submit} className="grid min-w-0 gap-4">
      <TextField
        label="Name"
        autoComplete="off"
        value={name}
        maxLength={120}
        onChange={(event) => {
          setName(event.target.value);
          setErrors((e) => ({ ...e, name: undefined }));
        }}
        error={errors.name}
        description="What the team picks it by, such as “Balance reminder”."
      />
      <TextareaField
        label="Text"
        rows={5}
        value={body}
        onChange={(event) => {
          setBody(event.target.value);
          setErrors((e) => ({ ...e, body: undefined }));
        }}
        error={errors.body}
        description={
          <>
            Merge fields are filled for the conversation’s customer and their next order:{' '}
            {HINT_FIELDS.map((key, index) => (
              <span key={key}>
                {index > 0 && ', '}
                <code className="break-all">{`{{${key}}}`}</code>
              </span>
            ))}
            .
          </>
        }
      />
      <DialogFooter className="gap-2 sm:justify-between">
        {reply ? (
          <Button
            type="button"
            variant="ghost"
            className="text-destructive"
            disabled={remove.isPending}
            onClick={() => void deleteReply()}
          >
            {remove.isPending && <Spinner className="size-4" />}
            Delete
          </Button>
        ) : (
          <span />
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending && <Spinner className="size-4" />}
            Save reply
          </Button>
        </div>
      </DialogFooter>
    </form>
  );
}

/**
 * Issue 24 item 7: the team's saved replies. Choosing one fills its merge fields for this
 * conversation (its customer and their next order) and puts it in the reply box, for staff to
 * read over and send; the pencil and "New reply" keep the list.
 */
export function SavedRepliesDialog({
  conversationId,
  onUse,
  onCloseAutoFocus,
}: {
  conversationId: string;
  onUse: (text: string) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const replies = useSavedReplies();
  const fill = useFillReply(conversationId);
  // null: the list; a reply or 'new': the form.
  const [editing, setEditing] = useState<SavedReply | 'new' | null>(null);

  async function use(reply: SavedReply) {
    try {
      const filled = await fill.mutateAsync(reply.id);
      if (filled.missing.length > 0)
        toast.warning('Some fields had nothing to fill here', {
          description: `Left empty: ${filled.missing.map((k) => FIELD_LABELS.get(k) ?? k).join(', ')}. Read it over before sending.`,
        });
      onUse(filled.body);
    } catch {
      toast.error('The saved reply could not be filled in.');
    }
  }

  return (
    <DialogContent className="sm:max-w-lg" onCloseAutoFocus={onCloseAutoFocus}>
      <DialogHeader>
        <DialogTitle>
          {editing === null
            ? 'Saved replies'
            : editing === 'new'
              ? 'New saved reply'
              : 'Edit saved reply'}
        </DialogTitle>
        <DialogDescription>
          {editing === null
            ? 'Choose one to put it in your reply, filled in for this customer. You send it.'
            : 'Saved replies are shared with your team.'}
        </DialogDescription>
      </DialogHeader>
      {editing !== null ? (
        <ReplyForm reply={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      ) : replies.isPending ? (
        <div className="grid gap-2">
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : replies.isError ? (
        <QueryError
          title="Saved replies could not be loaded."
          onRetry={() => void replies.refetch()}
        />
      ) : (
        <div className="grid min-w-0 gap-3">
          {replies.data.length === 0 ? (
            <p className="rounded-md bg-muted px-3 py-4 text-sm text-muted-foreground">
              No saved replies yet. Save the texts you send most, with merge fields such as{' '}
              <code>{'{{customer.firstName}}'}</code>.
            </p>
          ) : (
            <ul aria-label="Saved replies" className="grid max-h-80 gap-2 overflow-y-auto">
              {replies.data.map((reply) => (
                <li key={reply.id} className="flex min-w-0 items-stretch gap-1 rounded-md border">
                  <button
                    type="button"
                    disabled={fill.isPending}
                    onClick={() => void use(reply)}
                    className="grid min-w-0 flex-1 gap-0.5 rounded-md px-3 py-2 text-left hover:bg-accent/60 focus-visible:bg-accent focus-visible:outline-none disabled:opacity-60"
                  >
                    <span className="flex items-center gap-2 truncate text-sm font-medium">
                      {fill.isPending && fill.variables === reply.id && (
                        <Spinner className="size-3.5" />
                      )}
                      <span className="truncate">{reply.name}</span>
                    </span>
                    <span className="line-clamp-2 text-xs break-words text-muted-foreground">
                      {reply.body}
                    </span>
                  </button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="h-auto shrink-0"
                    aria-label={`Edit ${reply.name}`}
                    onClick={() => setEditing(reply)}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setEditing('new')}>
              <Plus aria-hidden="true" />
              New reply
            </Button>
          </DialogFooter>
        </div>
      )}
    </DialogContent>
  );
}
