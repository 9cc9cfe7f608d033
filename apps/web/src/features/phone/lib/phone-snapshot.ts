// What the phone shows (its snapshot, its calls) and the phone that is off: read by every page
// through the shell, without the phone itself (voice-phone.ts), which loads only for an account
// with phone service.
import type { Device } from '@twilio/voice-sdk';

/** spec §4 call states. */
export type CallStatus = 'pending' | 'connecting' | 'ringing' | 'open' | 'reconnecting' | 'closed';

/** What the screens show about one call; the SDK's Call stays inside VoicePhone. */
export type PhoneCall = {
  /** A local id, new for every call this tab sees. */
  id: number;
  direction: 'incoming' | 'outgoing';
  /** The other side's number as the carrier gave it (From for incoming, To for outgoing). */
  number: string;
  /** spec §3 incoming call: customParameters.customerId, when the caller is a customer. */
  customerId: string | null;
  /**
   * The carrier's id of the call as the call log knows it (an incoming call's
   * customParameters.callSid; an outgoing call's CallSid once it connects): where the choice
   * among customers sharing a number is kept (decision 0062). Null until known.
   */
  callSid: string | null;
  status: CallStatus;
  /** When this tab placed the call (ms since the epoch); null for incoming calls. */
  placedAt: number | null;
  /** When the call was answered (ms since the epoch), for the timer. */
  acceptedAt: number | null;
  muted: boolean;
  /** Sum and count of the MOS samples so far, for the average (spec §4 quality grade). */
  mos: { sum: number; count: number };
  /**
   * An incoming call whose dialog was closed (ignored here, silenced) while it still rings:
   * the header's ringing indicator shows it and reopens the dialog (issue 15).
   */
  dismissed?: boolean;
};

/**
 * `off` before start and after stop; `starting` while the token and the SDK load; then the
 * Device's own states (spec §4); `failed` when it could not recover by itself.
 */
export type Registration =
  | 'off'
  | 'starting'
  | 'unregistered'
  | 'registering'
  | 'registered'
  | 'failed';

export type AudioDeviceOption = { id: string; label: string };

export type AudioState = {
  inputs: AudioDeviceOption[];
  outputs: AudioDeviceOption[];
  inputId: string | null;
  outputIds: string[];
  /** False in browsers that cannot choose a speaker (spec §8). */
  canSelectOutput: boolean;
};

export type PhoneSnapshot = {
  registration: Registration;
  /** The ringing incoming call the Incoming Call dialog shows. */
  incoming: PhoneCall | null;
  /** The one call in progress (spec §4: one at a time). */
  active: PhoneCall | null;
  /** Why the phone is not registered, in words, when it is not. */
  problem: string | null;
  audio: AudioState;
};

export type VoicePhoneDeps = {
  fetchToken: () => Promise<string>;
  /** Loads the SDK and builds a Device (lazily: only accounts with phone service get here). */
  createDevice: (token: string) => Promise<Device>;
  /** Tells the person something went wrong (a toast). */
  notify: (message: string) => void;
  /** spec §8: a device error is logged. */
  log: (message: string, error?: unknown) => void;
  /**
   * Why an outgoing call ended before anyone answered, when the SDK could not say (its leg
   * ended with a plain hangup): a message, or null.
   */
  explainUnanswered?: (to: string, placedAt: number) => Promise<string | null>;
  now?: () => number;
  /** Delays before each attempt to recover the device (the last one repeats no further). */
  recoveryDelaysMs?: readonly number[];
};

export const NO_AUDIO: AudioState = {
  inputs: [],
  outputs: [],
  inputId: null,
  outputIds: [],
  canSelectOutput: false,
};

/** A phone that is off: no device, no calls. */
export const PHONE_OFF: PhoneSnapshot = {
  registration: 'off',
  incoming: null,
  active: null,
  problem: null,
  audio: NO_AUDIO,
};
