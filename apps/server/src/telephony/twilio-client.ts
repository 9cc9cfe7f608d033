import { sandboxHttpClient } from '@tentpole/phone-sandbox';
import twilio from 'twilio';
import type { TelephonyConfig } from './telephony-config.js';

export type TwilioClient = ReturnType<typeof twilio>;

/** The official `twilio` library, pointed at the configured carrier. */
export function createTwilioClient(config: TelephonyConfig): TwilioClient {
  return twilio(config.accountSid, config.authToken, {
    ...(config.restBaseUrl ? { httpClient: sandboxHttpClient(config.restBaseUrl) } : {}),
  });
}
