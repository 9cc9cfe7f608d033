// The voice webhook under 100 concurrent inbound calls (issue 6), next to a bare node:http
// handler answering TwiML-sized XML on the same machine in the same run.
import { startTestServer } from '../test/helpers/test-server.js';
import { bareXmlServer, businessNumber, carrierPoster } from './bench-kit.js';
import { measureConcurrent, type Timing } from './measure.js';

const TOTAL = Number(process.env.BENCH_WEBHOOK_CALLS ?? 1000);
const CONCURRENCY = 100;

export async function benchVoiceWebhook(): Promise<Record<string, Timing & { perSecond: number }>> {
  const bare = await bareXmlServer(
    '<?xml version="1.0" encoding="UTF-8"?><Response><Dial><Client>agent</Client></Dial></Response>',
  );
  const bareUrl = bare.url;
  const server = await startTestServer();
  try {
    const business = await businessNumber(server);
    const url = `${server.baseUrl}/api/phone/webhooks/voice`;
    const run = Date.now().toString(16);
    const params = (i: number) => ({
      CallSid: `CA${run}${String(i).padStart(32 - run.length, '0')}`,
      AccountSid: server.telephony.accountSid,
      From: `+1555050${String(1000 + (i % 9000)).padStart(4, '0')}`,
      To: business,
      Direction: 'inbound',
      CallStatus: 'ringing',
    });
    const post = carrierPoster(server.telephony.authToken);
    const options = { total: TOTAL, concurrency: CONCURRENCY };
    return {
      'bare node:http handler (baseline)': await measureConcurrent(
        (i) => post(bareUrl, params(i)),
        options,
      ),
      'voice webhook (new inbound call)': await measureConcurrent(
        (i) => post(url, params(i)),
        options,
      ),
      'voice webhook (repeated delivery)': await measureConcurrent(
        (i) => post(url, params(i % 100)),
        options,
      ),
    };
  } finally {
    await server.close();
    bare.close();
  }
}
