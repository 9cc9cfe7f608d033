// Inbound text webhook throughput (issue 7): texts stored once each, with their forwards
// queued, 50 in flight, next to a bare node:http handler in the same run.
import { startTestServer } from '../test/helpers/test-server.js';
import { bareXmlServer, businessNumber, carrierPoster } from './bench-kit.js';
import { measureConcurrent, type Timing } from './measure.js';

const TOTAL = Number(process.env.BENCH_SMS_TEXTS ?? 1000);
const CONCURRENCY = 50;

export async function benchSmsWebhook(): Promise<Record<string, Timing & { perSecond: number }>> {
  const bare = await bareXmlServer('<?xml version="1.0" encoding="UTF-8"?><Response/>');
  const bareUrl = bare.url;
  const server = await startTestServer();
  try {
    const business = await businessNumber(server);
    const url = `${server.baseUrl}/api/phone/webhooks/sms`;
    const run = Date.now().toString(16);
    const params = (i: number) => ({
      MessageSid: `SM${run}${String(i).padStart(32 - run.length, '0')}`,
      AccountSid: server.telephony.accountSid,
      From: `+1555070${String(1000 + (i % 500))}`,
      To: business,
      Body: `Is the bounce house free on the ${(i % 28) + 1}th?`,
      NumMedia: '0',
      NumSegments: '1',
    });
    const post = carrierPoster(server.telephony.authToken);
    const options = { total: TOTAL, concurrency: CONCURRENCY };
    return {
      'bare node:http handler (baseline)': await measureConcurrent(
        (i) => post(bareUrl, params(i)),
        options,
      ),
      'inbound text webhook (stored, announced)': await measureConcurrent(
        (i) => post(url, params(i)),
        options,
      ),
    };
  } finally {
    await server.close();
    bare.close();
  }
}
