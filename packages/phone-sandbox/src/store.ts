import type { CallStatus } from './voice/call-status';

export interface PhoneNumberRecord {
  sid: string;
  phoneNumber: string;
  friendlyName: string;
  voiceUrl: string | null;
  voiceMethod: string;
  voiceApplicationSid: string | null;
  statusCallback: string | null;
  statusCallbackMethod: string;
  smsUrl: string | null;
  smsMethod: string;
  dateCreated: Date;
  dateUpdated: Date;
}

export interface ApplicationRecord {
  sid: string;
  friendlyName: string;
  voiceUrl: string | null;
  voiceMethod: string;
  statusCallback: string | null;
  statusCallbackMethod: string;
  smsUrl: string | null;
  smsMethod: string;
  dateCreated: Date;
  dateUpdated: Date;
}

export type MessageStatus =
  | 'queued'
  | 'sending'
  | 'sent'
  | 'delivered'
  | 'undelivered'
  | 'failed'
  | 'receiving'
  | 'received';

export interface MessageRecord {
  sid: string;
  from: string;
  to: string;
  body: string;
  direction: 'inbound' | 'outbound-api' | 'outbound-reply';
  status: MessageStatus;
  numSegments: number;
  numMedia: number;
  /** The pictures of an inbound MMS, served at their `MediaUrl` (Basic auth, as on Twilio). */
  media: MediaRecord[];
  errorCode: number | null;
  errorMessage: string | null;
  statusCallback: string | null;
  dateCreated: Date;
  dateUpdated: Date;
  dateSent: Date | null;
  /**
   * Twilio's own automatic reply to an opt-out/opt-in/help keyword (sent from the business
   * number to the phone). Kept in the carrier's view; not in the REST Messages list.
   */
  autoReply: boolean;
}

export interface MediaRecord {
  sid: string;
  contentType: string;
  bytes: Buffer;
}

/** A picture a simulated phone attaches to a text. */
export interface MediaInput {
  contentType: string;
  bytes: Buffer;
}

export type CallDirection = 'inbound' | 'outbound-api' | 'outbound-dial';

export interface CallRecord {
  sid: string;
  parentCallSid: string | null;
  from: string;
  to: string;
  direction: CallDirection;
  status: CallStatus;
  phoneNumberSid: string | null;
  dateCreated: Date;
  dateUpdated: Date;
  startTime: Date | null;
  answerTime: Date | null;
  endTime: Date | null;
}

export interface RecordingRecord {
  sid: string;
  callSid: string;
  /** Whole seconds, as Twilio reports them. */
  duration: number;
  /** A WAV file (G.711 µ-law, 8 kHz; stereo for dual-channel Dial recordings). */
  wav: Buffer;
  channels: 1 | 2;
  startTime: Date;
  source: 'RecordVerb' | 'DialVerb';
  dateCreated: Date;
}

/** Everything the sandbox remembers, in memory, for one account. */
export class SandboxStore {
  readonly phoneNumbers = new Map<string, PhoneNumberRecord>();
  readonly applications = new Map<string, ApplicationRecord>();
  readonly messages = new Map<string, MessageRecord>();
  readonly calls = new Map<string, CallRecord>();
  readonly recordings = new Map<string, RecordingRecord>();

  findNumber(phoneNumber: string): PhoneNumberRecord | undefined {
    for (const record of this.phoneNumbers.values()) {
      if (record.phoneNumber === phoneNumber) return record;
    }
    return undefined;
  }

  /** Every message the carrier accepted, oldest first. */
  allMessages(filter: { from?: string; to?: string } = {}): MessageRecord[] {
    return [...this.messages.values()].filter(
      (m) =>
        (filter.from === undefined || m.from === filter.from) &&
        (filter.to === undefined || m.to === filter.to),
    );
  }

  messagesFor(phoneNumber: string): MessageRecord[] {
    return [...this.messages.values()].filter(
      (m) => m.to === phoneNumber || m.from === phoneNumber,
    );
  }
}
