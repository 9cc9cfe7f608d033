import type { CallLogEntry } from '@tentpole/domain';

export type CallKind = 'voicemail' | 'missed' | 'inbound' | 'outbound';

export function callKind(entry: CallLogEntry): CallKind {
  if (entry.voicemail) return 'voicemail';
  if (entry.missed) return 'missed';
  return entry.direction;
}

const OUTCOMES: Record<string, string> = {
  busy: 'Busy',
  'no-answer': 'No answer',
  failed: 'Failed',
  canceled: 'Cancelled',
  queued: 'Calling…',
  ringing: 'Ringing…',
  'in-progress': 'In progress',
};

/** One line on how the call went and who handled it. */
export function callOutcome(entry: CallLogEntry): string {
  if (entry.direction === 'inbound') {
    if (entry.answeredBy) return `Answered by ${entry.answeredBy.name}`;
    if (entry.voicemail) return 'Missed · left a voicemail';
    if (entry.missed) return 'Missed';
    return OUTCOMES[entry.status] ?? 'Incoming';
  }
  const by = entry.placedBy ? `Called by ${entry.placedBy.name}` : 'Called';
  const via = entry.via === 'mobile' ? 'from a cell phone' : 'from the browser';
  const outcome =
    entry.status === 'completed' ? '' : ` · ${OUTCOMES[entry.status] ?? entry.status}`;
  return `${by} ${via}${outcome}`;
}
