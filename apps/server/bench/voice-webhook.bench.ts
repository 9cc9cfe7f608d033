// The voice webhook under 100 concurrent inbound calls (issue 6), next to a bare node:http
// handler answering TwiML-sized XML on the same machine in the same run.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import twilio from 'twilio';
import { accounts, phoneServices } from '../src/db/schema.js';
import { startTestServer } from '../test/helpers/test-server.js';
import { measureConcurrent, type Timing } from './measure.js';

const TOTAL = Number(process.env.BENCH_WEBHOOK_CALLS ?? 1000);
const CONCURRENCY = 100;

export async function benchVoiceWebhook(): Promise<Record<string, Timing & { perSecond: number }>> {
  const bare = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'text/xml' });
      response.end(
        '<?xml version="1.0" encoding="UTF-8"?><Response><Dial><Client>agent</Client></Dial></Response>',
      );
    });
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/voice`;
  const server = await startTestServer();
  try {
    const [row] = await server.db
      .select({ number: phoneServices.phoneNumber })
      .from(phoneServices)
      .innerJoin(accounts, eq(accounts.id, phoneServices.accountId))
      .where(eq(accounts.name, 'Bounce Kingdom Party Rentals'));
    const url = `${server.baseUrl}/api/phone/webhooks/voice`;
    const run = Date.now().toString(16);
    const params = (i: number) => ({
      CallSid: `CA${run}${String(i).padStart(32 - run.length, '0')}`,
      AccountSid: server.telephony.accountSid,
      From: `+1555050${String(1000 + (i % 9000)).padStart(4, '0')}`,
      To: row?.number as string,
      Direction: 'inbound',
      CallStatus: 'ringing',
    });
    const post = async (target: string, body: Record<string, string>) => {
      const response = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilio.getExpectedTwilioSignature(
            server.telephony.authToken,
            target,
            body,
          ),
        },
        body: new URLSearchParams(body),
      });
      if (response.status !== 200) throw new Error(`webhook answered ${response.status}`);
      await response.text();
    };
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
