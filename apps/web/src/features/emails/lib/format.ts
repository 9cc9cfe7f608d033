import { CHANNEL_LABELS, type Channel, dateTimeFormat } from '@tentpole/domain';

export const when = (locale: string) =>
  dateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

export const channelLabel = (channel: Channel) => CHANNEL_LABELS[channel];

export const EMAIL_STATUS_LABELS = { queued: 'Queued', sent: 'Sent', failed: 'Failed' } as const;

export const SCHEDULED_STATUS_LABELS = {
  pending: 'Scheduled',
  sent: 'Sent',
  cancelled: 'Cancelled',
  skipped: 'Not sent',
} as const;
