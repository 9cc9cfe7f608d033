/**
 * What the product tells a person about each voice error (spec §8), and what the phone does
 * about it. The codes are the Voice SDK's (notes/twilio.md §4); the wording is ours, chosen in
 * docs/decisions/0009-browser-phone.md.
 */
export type VoiceErrorRecovery =
  /** Fetch a new token and register again. */
  | 'refresh-token'
  /** The connection dropped: register again once it is back. */
  | 'reconnect'
  /** Nothing to recover: the message is all there is. */
  | 'none';

type VoiceErrorEntry = { message: string; recovery: VoiceErrorRecovery };

const SIGN_IN_AGAIN: VoiceErrorEntry = {
  message: "Your phone couldn't sign in to the phone service. Reconnecting…",
  recovery: 'refresh-token',
};
const SESSION_EXPIRED: VoiceErrorEntry = {
  message: 'Your phone session expired. Reconnecting…',
  recovery: 'refresh-token',
};
const AUTHORIZATION_FAILED: VoiceErrorEntry = {
  message: 'Phone authorization failed. Please sign in again.',
  recovery: 'none',
};

export const VOICE_ERRORS: Readonly<Record<number, VoiceErrorEntry>> = {
  20101: SIGN_IN_AGAIN,
  31204: SIGN_IN_AGAIN,
  20104: SESSION_EXPIRED,
  31205: SESSION_EXPIRED,
  // The Device reports the gateway's 31201 as 20151.
  31201: AUTHORIZATION_FAILED,
  20151: AUTHORIZATION_FAILED,
  31404: {
    message: "That number can't be reached. Check it and try again.",
    recovery: 'none',
  },
  31486: { message: 'The line is busy.', recovery: 'none' },
  31480: { message: "The person you're calling is unavailable.", recovery: 'none' },
  31603: { message: 'The call was declined.', recovery: 'none' },
  31401: {
    message: 'Microphone access is blocked. Allow it in your browser settings to use the phone.',
    recovery: 'none',
  },
  31402: {
    message: "We couldn't use your microphone. Check it's connected and not in use.",
    recovery: 'none',
  },
  31008: {
    message: 'The caller hung up or the call was answered elsewhere.',
    recovery: 'none',
  },
  31000: {
    message: 'Something went wrong with the call. Please try again.',
    recovery: 'reconnect',
  },
  31005: {
    message: 'The call dropped because of a connection problem.',
    recovery: 'reconnect',
  },
  31009: { message: 'The phone is offline. Reconnecting…', recovery: 'reconnect' },
  53001: { message: 'Connection to the phone service lost. Reconnecting…', recovery: 'reconnect' },
  53405: {
    message: 'The audio connection failed. Check your network or firewall and try again.',
    recovery: 'none',
  },
};

/**
 * spec §8: conditions the voice client raises by message rather than by a code of their own
 * (several share the generic codes above).
 */
const VOICE_CONDITIONS: ReadonlyArray<{ match: RegExp; message: string }> = [
  { match: /A Call is already active/i, message: "You're already on a call." },
  {
    match: /Device has been destroyed/i,
    message: 'The phone was turned off. Reload the page to use it again.',
  },
  {
    match: /WebRTC|not supported by this browser|browser.*not supported/i,
    message: "This browser can't make calls. Use a recent Chrome, Edge, Firefox or Safari.",
  },
  { match: /Devices not found/i, message: 'That audio device is no longer connected.' },
  {
    match: /Malformed invite from gateway/i,
    message: "An incoming call couldn't be received. The caller will be sent to voicemail.",
  },
  {
    match: /WebSocket Connection Timeout/i,
    message: "The connection test couldn't reach the phone service.",
  },
  { match: /call.*cancel/i, message: 'The call was cancelled.' },
  {
    match: /Audio output selection is not supported|setSinkId/i,
    message: "This browser can't choose a speaker; calls play through the system's default.",
  },
];

const UNKNOWN_MESSAGE = 'Something went wrong with the phone. Please try again.';

/** The fields of a TwilioError (or any error) this module reads. */
export type VoiceErrorLike = { code?: number; message?: string } | null | undefined;

export function voiceErrorCode(error: VoiceErrorLike): number | null {
  return typeof error?.code === 'number' ? error.code : null;
}

/** The message to show for a voice error: by code, else by the condition's text. */
export function voiceErrorMessage(error: VoiceErrorLike): string {
  const code = voiceErrorCode(error);
  const known = code === null ? undefined : VOICE_ERRORS[code];
  if (known) return known.message;
  const text = error?.message ?? '';
  const condition = VOICE_CONDITIONS.find(({ match }) => match.test(text));
  if (condition) return condition.message;
  return code === null ? UNKNOWN_MESSAGE : `${UNKNOWN_MESSAGE} (error ${code})`;
}

export function voiceErrorRecovery(error: VoiceErrorLike): VoiceErrorRecovery {
  const code = voiceErrorCode(error);
  return (code !== null && VOICE_ERRORS[code]?.recovery) || 'none';
}

// How a browser call the far end never answered ended, as the call log records it, and the
// voice error that outcome stands for. A Dial with an action hands the outcome to the server
// and ends the caller's leg with a plain hangup, so the SDK has no code to give (decision 0009).
const UNANSWERED_OUTCOMES: Readonly<Record<string, number>> = {
  busy: 31486,
  'no-answer': 31480,
  failed: 31404,
};

/** The message for an unanswered call's final status, or null when there is nothing to say. */
export function unansweredCallMessage(status: string): string | null {
  const code = UNANSWERED_OUTCOMES[status];
  return code === undefined ? null : (VOICE_ERRORS[code]?.message ?? null);
}
