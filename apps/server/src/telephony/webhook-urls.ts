/** Where the carrier reaches this server: set on numbers and TwiML apps, and signed by it. */
export const WEBHOOK_BASE = '/api/phone/webhooks';
const RETRY_OVERRIDES = '#rc=5&rp=ct,rt,5xx';

export function webhookUrls(appUrl: string) {
  const base = `${appUrl.replace(/\/$/, '')}${WEBHOOK_BASE}`;
  return {
    voice: `${base}/voice`,
    dialResult: `${base}/voice/dial-result`,
    status: `${base}/voice/status`,
    recording: `${base}/voice/recording`,
    voicemailDone: `${base}/voice/voicemail-done`,
    clickToCall: `${base}/voice/click-to-call`,
    // Twilio's connection overrides: retry a text's webhook up to five times on a refused
    // connection, a timeout or a 5xx. Safe because both handlers are idempotent.
    sms: `${base}/sms${RETRY_OVERRIDES}`,
    smsStatus: `${base}/sms/status${RETRY_OVERRIDES}`,
  };
}
