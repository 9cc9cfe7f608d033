import { MESSAGE_BODY_MAX, sendMessageInputSchema } from '@tentpole/domain';
import { SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useSendMessage } from '../api/send-message';
import { SavedRepliesButton } from './saved-replies-button';
import { ThreadLinkButton } from './thread-link-button';

// Shown from this many characters on, so the limit is no surprise.
const COUNTER_FROM = MESSAGE_BODY_MAX - 200;

type ReplyBoxProps = {
  conversationId: string;
  /** Why this person cannot text this number now, or null when they can. */
  blockedReason: string | null;
  /** Offer "Add a link" (the number is a customer's): issue 24 item 3. */
  offerLinks?: boolean;
  /** Offer the team's saved replies (the member may text): issue 24 item 7. */
  offerReplies?: boolean;
};

/** The reply action of a conversation (spec §2): a message, sent with Enter or the button. */
export function ReplyBox({
  conversationId,
  blockedReason,
  offerLinks = false,
  offerReplies = false,
}: ReplyBoxProps) {
  const ids = { input: useId(), error: useId(), reason: useId() };
  const send = useSendMessage(conversationId);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const blocked = blockedReason !== null;

  async function submit(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    if (blocked || send.isPending) return;
    const parsed = sendMessageInputSchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    try {
      await send.mutateAsync(parsed.data.body);
      setBody('');
    } catch {
      // spec §8: the toast says it; the text stays in the box to try again.
    }
  }

  /** Puts text after what is typed, for staff to read over and send. */
  function addText(text: string, separator: string) {
    setBody((typed) => (typed.trim() ? `${typed.trimEnd()}${separator}${text}` : text));
    if (error) setError(null);
  }

  function focusEnd() {
    const input = inputRef.current;
    if (!input) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  const describedBy = [blocked ? ids.reason : null, error ? ids.error : null]
    .filter(Boolean)
    .join(' ');

  return (
    <form onSubmit={submit} noValidate className="grid gap-2 border-t bg-card p-3">
      {blockedReason && (
        <p id={ids.reason} className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
          {blockedReason}
        </p>
      )}
      <div className="flex items-end gap-2">
        <label htmlFor={ids.input} className="sr-only">
          Reply
        </label>
        <textarea
          ref={inputRef}
          id={ids.input}
          rows={2}
          value={body}
          disabled={blocked}
          placeholder={blocked ? 'Texting is unavailable' : 'Write a reply…'}
          onChange={(event) => {
            setBody(event.target.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={cn(
            'max-h-40 min-h-11 flex-1 resize-none rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-60 sm:text-sm',
            'field-sizing-content focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40',
            'aria-invalid:border-destructive',
          )}
        />
        <Button type="submit" size="lg" disabled={blocked || send.isPending} className="h-11">
          {send.isPending ? <Spinner className="size-4" /> : <SendHorizontal aria-hidden="true" />}
          Send
        </Button>
      </div>
      <div className="flex min-h-4 flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs">
        {(offerLinks || offerReplies) && (
          <div className="flex flex-wrap items-center gap-x-3">
            {offerReplies && (
              <SavedRepliesButton
                conversationId={conversationId}
                disabled={blocked}
                onUse={(text) => addText(text, '\n')}
                focusAfterUse={focusEnd}
              />
            )}
            {offerLinks && (
              <ThreadLinkButton
                conversationId={conversationId}
                disabled={blocked}
                onAdd={(text) => addText(text, ' ')}
                focusAfterAdd={focusEnd}
              />
            )}
          </div>
        )}
        {error ? (
          <p id={ids.error} role="alert" className="font-medium text-destructive">
            {error}
          </p>
        ) : (
          <p className="hidden text-muted-foreground sm:block">
            {blocked ? '' : 'Enter to send, Shift+Enter for a new line'}
          </p>
        )}
        {body.length >= COUNTER_FROM && (
          <p
            className={cn(
              'ml-auto tabular-nums',
              body.length > MESSAGE_BODY_MAX ? 'text-destructive' : 'text-muted-foreground',
            )}
          >
            {body.length.toLocaleString()} / {MESSAGE_BODY_MAX.toLocaleString()}
          </p>
        )}
      </div>
    </form>
  );
}
