// Inbound text webhook throughput (issue 7): texts stored once each, with their forwards
// queued, 50 in flight, next to a bare node:http handler in the same run.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import twilio from 'twilio';
import { accounts, phoneServices } from '../src/db/schema.js';
import { startTestServer } from '../test/helpers/test-server.js';
import { measureConcurrent, type Timing } from './measure.js';

const TOTAL = Number(process.env.BENCH_SMS_TEXTS ?? 1000);
const CONCURRENCY = 50;

export async function benchSmsWebhook(): Promise<Record<string, Timing & { perSecond: number }>> {
  const bare = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'text/xml' });
      response.end('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    });
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/sms`;
  const server = await startTestServer();
  try {
    const [row] = await server.db
      .select({ number: phoneServices.phoneNumber })
      .from(phoneServices)
      .innerJoin(accounts, eq(accounts.id, phoneServices.accountId))
      .where(eq(accounts.name, 'Bounce Kingdom Party Rentals'));
    const url = `${server.baseUrl}/api/phone/webhooks/sms`;
    const run = Date.now().toString(16);
    const params = (i: number) => ({
      MessageSid: `SM${run}${String(i).padStart(32 - run.length, '0')}`,
      AccountSid: server.telephony.accountSid,
      From: `+1555070${String(1000 + (i % 500))}`,
      To: row?.number as string,
      Body: `Is the bounce house free on the ${(i % 28) + 1}th?`,
      NumMedia: '0',
      NumSegments: '1',
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
