import type { Message } from '@tentpole/domain';

export type MessageStatusTone = 'pending' | 'sent' | 'delivered' | 'failed' | 'received';

const STATUS: Record<string, { label: string; tone: MessageStatusTone }> = {
  queued: { label: 'Sending…', tone: 'pending' },
  accepted: { label: 'Sending…', tone: 'pending' },
  sending: { label: 'Sending…', tone: 'pending' },
  sent: { label: 'Sent', tone: 'sent' },
  delivered: { label: 'Delivered', tone: 'delivered' },
  read: { label: 'Read', tone: 'delivered' },
  undelivered: { label: 'Not delivered', tone: 'failed' },
  failed: { label: 'Failed', tone: 'failed' },
  received: { label: 'Received', tone: 'received' },
};

/** How a text's carrier status reads under it. */
export function messageStatus(status: string): { label: string; tone: MessageStatusTone } {
  return (
    STATUS[status] ?? { label: status.charAt(0).toUpperCase() + status.slice(1), tone: 'sent' }
  );
}

/** Why a text did not arrive, in the carrier's words when it gave any. */
export function messageFailure(message: Message): string | null {
  if (messageStatus(message.status).tone !== 'failed') return null;
  const reason = message.errorMessage ?? 'The carrier could not deliver this text.';
  return message.errorCode ? `${reason} (error ${message.errorCode})` : reason;
}
