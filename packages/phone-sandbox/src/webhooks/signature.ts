import twilio from 'twilio';

/**
 * `X-Twilio-Signature` for a form-encoded webhook: base64 HMAC-SHA1 with the auth token over the
 * URL followed by each sorted key and its value. Uses the library's own helper so the sandbox
 * signs byte for byte as `validateRequest` expects.
 */
export function signWebhook(authToken: string, url: string, params: Record<string, string>) {
  return twilio.getExpectedTwilioSignature(authToken, url, params);
}
