import { z } from 'zod';
import { outboundNumberSchema } from './validate-outbound-number';

/** spec §7 POST /api/phone/voice/call: ring the user's own mobile, then the customer. */
export const clickToCallInputSchema = z.object({ phoneNumber: outboundNumberSchema });
export type ClickToCallInput = z.output<typeof clickToCallInputSchema>;

// spec §8: what the product reports when the mobile call request fails or succeeds.
export const CLICK_TO_CALL_SUCCESS_MESSAGE = 'Sending call request to your phone.';
export const CLICK_TO_CALL_FAILURE_MESSAGE = 'Failed to make outbound call';

/** The call log's filters; any other non-empty value searches by name or number. */
export const CALL_LOG_FILTERS = ['all', 'missed', 'voicemail', 'inbound', 'outbound'] as const;
export type CallLogFilter = (typeof CALL_LOG_FILTERS)[number];

export const callLogQuerySchema = z.object({
  filter: z.string().trim().max(100).default('all'),
});

export const CALL_STATUSES = [
  'queued',
  'ringing',
  'in-progress',
  'completed',
  'busy',
  'failed',
  'no-answer',
  'canceled',
] as const;

export const callLogEntrySchema = z.object({
  id: z.string(),
  direction: z.enum(['inbound', 'outbound']),
  via: z.enum(['browser', 'mobile', 'pstn']),
  from: z.string(),
  to: z.string(),
  /** The customer's side of the call. */
  counterpartNumber: z.string(),
  status: z.string(),
  /** Inbound and nobody answered (voicemail or not). */
  missed: z.boolean(),
  startedAt: z.string(),
  durationSeconds: z.number().nullable(),
  customer: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  answeredBy: z.object({ userId: z.string().nullable(), name: z.string() }).nullable(),
  placedBy: z.object({ userId: z.string(), name: z.string() }).nullable(),
  voicemail: z.object({ url: z.string(), durationSeconds: z.number().nullable() }).nullable(),
});
export type CallLogEntry = z.output<typeof callLogEntrySchema>;

export const callLogResponseSchema = z.object({ calls: z.array(callLogEntrySchema) });

/** What the browser's Voice SDK Device is configured with, from the server's carrier setup. */
export const voiceDeviceOptionsSchema = z.object({
  /** The Device's `chunderw`; empty for Twilio's own gateway. */
  signalingHosts: z.array(z.string()),
  /** The gateway speaks ws:// (see decision 0005). */
  insecureSignaling: z.boolean(),
  /** Base URL of the ringtone and DTMF sounds; null for the SDK's defaults. */
  soundsBaseUrl: z.string().nullable(),
  /**
   * Whether the Device sends call insights to Twilio's event gateway. Only Twilio itself has
   * one: a carrier elsewhere (the sandbox) gets none, so no call logs failed requests.
   */
  publishInsights: z.boolean(),
});
export type VoiceDeviceOptions = z.output<typeof voiceDeviceOptionsSchema>;

export const DEFAULT_VOICEMAIL_TEXT =
  "Thanks for calling. We can't take your call right now; please leave a message after the tone.";
