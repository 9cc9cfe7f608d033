import { sandboxHttpClient } from '@tentpole/phone-sandbox';
import twilio from 'twilio';
import type { TelephonyConfig } from './telephony-config.js';

export type TwilioClient = ReturnType<typeof twilio>;

/**
 * How long one carrier request may take. Shorter than a job's lock (30 s), so a job that waits
 * on a hung carrier gives up, and is retried, before another worker could claim it.
 */
export const CARRIER_TIMEOUT_MS = 15_000;

/** The official `twilio` library, pointed at the configured carrier. */
export function createTwilioClient(
  config: TelephonyConfig,
  { timeoutMs = CARRIER_TIMEOUT_MS }: { timeoutMs?: number } = {},
): TwilioClient {
  return twilio(config.accountSid, config.authToken, {
    timeout: timeoutMs,
    ...(config.restBaseUrl
      ? { httpClient: sandboxHttpClient(config.restBaseUrl, { timeout: timeoutMs }) }
      : {}),
  });
}
