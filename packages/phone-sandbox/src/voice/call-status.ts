/** Twilio's call statuses (twilio-node `CallStatus`). */
export type CallStatus =
  | 'queued'
  | 'ringing'
  | 'in-progress'
  | 'completed'
  | 'busy'
  | 'failed'
  | 'no-answer'
  | 'canceled';

/** The events a `statusCallbackEvent` can ask for. */
export type CallEvent = 'initiated' | 'ringing' | 'answered' | 'completed';

export const FINAL_STATUSES: ReadonlySet<CallStatus> = new Set([
  'completed',
  'busy',
  'failed',
  'no-answer',
  'canceled',
]);

/** Why a ringing or bridged leg ended, as the far end reports it. */
export type EndReason =
  | 'hangup'
  | 'canceled'
  | 'busy'
  | 'no-answer'
  | 'declined'
  | 'not-found'
  | 'failed';

/** The final status a leg that ended for `reason` gets, given whether it was answered. */
export function finalStatusFor(reason: EndReason, answered: boolean): CallStatus {
  if (answered) return 'completed';
  switch (reason) {
    case 'hangup':
    case 'canceled':
      return 'canceled';
    case 'busy':
    case 'declined':
      return 'busy';
    case 'no-answer':
      return 'no-answer';
    case 'not-found':
    case 'failed':
      return 'failed';
  }
}
