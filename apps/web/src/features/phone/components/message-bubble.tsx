import type { Message, MessageMedia } from '@tentpole/domain';
import { AlertCircle, Check, CheckCheck, Clock, ImageOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { formatTimeOfDay, formatWhen } from '../lib/format-when';
import { type MessageStatusTone, messageFailure, messageStatus } from '../lib/message-status';

const STATUS_ICONS: Record<MessageStatusTone, typeof Check | null> = {
  pending: Clock,
  sent: Check,
  delivered: CheckCheck,
  failed: AlertCircle,
  received: null,
};

const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/** A picture sent with a text (issue 24 item 5): inline when the browser can show it. */
function Picture({ media, index, count }: { media: MessageMedia; index: number; count: number }) {
  const name =
    count > 1 ? `Picture ${index + 1} of ${count} from the customer` : 'Picture from the customer';
  if (media.status === 'pending')
    return (
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Clock aria-hidden="true" className="size-3.5" />
        Picture loading…
      </p>
    );
  if (media.status === 'refused' || !media.url)
    return (
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <ImageOff aria-hidden="true" className="size-3.5" />A file that is not a picture we keep (
        {media.contentType})
      </p>
    );
  if (!INLINE_TYPES.has(media.contentType))
    return (
      <a href={media.url} download className="text-sm underline">
        Download {name.toLowerCase()}
      </a>
    );
  return (
    <a href={media.url} target="_blank" rel="noreferrer" className="block rounded-lg">
      <img
        src={media.url}
        alt={name}
        loading="lazy"
        className="max-h-64 w-auto max-w-full rounded-lg border object-contain"
      />
    </a>
  );
}

/** One text: who sent it (direction), when, and for ours how far it got (status, failure). */
export function MessageBubble({
  message,
  pictureActions,
}: {
  message: Message;
  /** What staff can do with a picture the customer sent (put it on an order). */
  pictureActions?: (media: MessageMedia) => ReactNode;
}) {
  const media = message.media ?? [];
  const outbound = message.direction === 'outbound';
  const status = messageStatus(message.status);
  const failure = messageFailure(message);
  const StatusIcon = STATUS_ICONS[status.tone];
  return (
    <li
      data-testid="message"
      data-direction={message.direction}
      className={cn('flex flex-col gap-1', outbound ? 'items-end' : 'items-start')}
    >
      <p className="sr-only">{outbound ? 'Sent' : 'Received'}</p>
      <div
        className={cn(
          'max-w-[85%] min-w-0 rounded-2xl px-3.5 py-2 text-sm leading-relaxed wrap-anywhere whitespace-pre-wrap shadow-xs',
          outbound
            ? 'rounded-br-md bg-primary text-primary-foreground'
            : 'rounded-bl-md bg-muted text-foreground',
          failure && 'bg-destructive/10 text-foreground ring-1 ring-destructive/40',
        )}
      >
        {media.length > 0 && (
          <ul className={cn('grid gap-2', message.body && 'mb-2')} aria-label="Pictures">
            {media.map((m, i) => (
              <li key={m.id} className="grid gap-1.5">
                <Picture media={m} index={i} count={media.length} />
                {pictureActions?.(m)}
              </li>
            ))}
          </ul>
        )}
        {message.body}
      </div>
      <p
        className={cn(
          'flex flex-wrap items-center gap-x-1.5 px-1 text-xs text-muted-foreground',
          outbound && 'justify-end',
        )}
      >
        <time dateTime={message.createdAt} title={formatWhen(message.createdAt)}>
          {formatTimeOfDay(message.createdAt)}
        </time>
        {outbound && message.sentBy && (
          <>
            <span aria-hidden="true">·</span>
            <span>{message.sentBy.name}</span>
          </>
        )}
        {outbound && (
          <>
            <span aria-hidden="true">·</span>
            <span
              data-testid="message-status"
              className={cn(
                'inline-flex items-center gap-1',
                status.tone === 'failed' && 'font-medium text-destructive',
                status.tone === 'delivered' && 'text-emerald-700',
              )}
            >
              {StatusIcon && <StatusIcon aria-hidden="true" className="size-3.5" />}
              {status.label}
            </span>
          </>
        )}
      </p>
      {failure && (
        <p role="note" className="max-w-[85%] px-1 text-right text-xs text-destructive">
          {failure}
        </p>
      )}
    </li>
  );
}
