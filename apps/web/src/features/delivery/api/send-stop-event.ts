import { type StopEventInput, stopEventResponseSchema } from '@tentpole/domain';
import { apiFetch } from '@/lib/api-client';

/** A stop event as the phone keeps it until it is sent: files as data URLs (decision 0043). */
export type QueuedStopEvent = {
  event: StopEventInput & { id: string };
  photo?: string;
  signature?: string;
};

function blobOf(dataUrl: string): Blob {
  const [head = '', data = ''] = dataUrl.split(',');
  const type = /data:([^;]+)/.exec(head)?.[1] ?? 'application/octet-stream';
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type });
}

/** POST /api/delivery/driver/events: idempotent by the event's id, so a resend is harmless. */
export async function sendStopEvent(queued: QueuedStopEvent) {
  const form = new FormData();
  form.set('event', JSON.stringify(queued.event));
  if (queued.photo) form.set('photo', blobOf(queued.photo), 'setup.jpg');
  if (queued.signature) form.set('signature', blobOf(queued.signature), 'signature.png');
  return apiFetch('/api/delivery/driver/events', stopEventResponseSchema, {
    method: 'POST',
    form,
  });
}
