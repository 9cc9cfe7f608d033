import type { Message } from '@tentpole/domain';
import { AlertCircle, Check, CheckCheck, Clock } from 'lucide-react';
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

/** One text: who sent it (direction), when, and for ours how far it got (status, failure). */
export function MessageBubble({ message }: { message: Message }) {
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
