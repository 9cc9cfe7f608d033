/** Where the carrier reaches this server: set on numbers and TwiML apps, and signed by it. */
export const WEBHOOK_BASE = '/api/phone/webhooks';

export function webhookUrls(appUrl: string) {
  const base = `${appUrl.replace(/\/$/, '')}${WEBHOOK_BASE}`;
  return {
    voice: `${base}/voice`,
    dialResult: `${base}/voice/dial-result`,
    status: `${base}/voice/status`,
    recording: `${base}/voice/recording`,
    voicemailDone: `${base}/voice/voicemail-done`,
    clickToCall: `${base}/voice/click-to-call`,
    sms: `${base}/sms`,
    smsStatus: `${base}/sms/status`,
  };
}
