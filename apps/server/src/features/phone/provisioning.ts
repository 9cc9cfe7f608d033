import { eq } from 'drizzle-orm';
import { accounts } from '../../auth/tables.js';
import type { Db } from '../../db/client.js';
import type { TwilioClient } from '../../telephony/twilio-client.js';
import { webhookUrls } from '../../telephony/webhook-urls.js';
import { phoneServices } from './tables.js';

/** How a business number reaches us: calls, their statuses and texts at this server. */
function numberSettings(appUrl: string, accountName: string) {
  const urls = webhookUrls(appUrl);
  return {
    voiceUrl: urls.voice,
    voiceMethod: 'POST',
    statusCallback: urls.status,
    statusCallbackMethod: 'POST',
    smsUrl: urls.sms,
    smsMethod: 'POST',
    friendlyName: accountName.slice(0, 64),
  } as const;
}

/** Local US numbers the carrier offers, in an area code or anywhere. */
export async function availableNumbers(
  client: TwilioClient,
  { areaCode, limit }: { areaCode?: string | undefined; limit: number },
) {
  const numbers = await client
    .availablePhoneNumbers('US')
    .local.list({ limit, ...(areaCode ? { areaCode: Number(areaCode) } : {}) });
  return numbers.map((n) => ({
    phoneNumber: n.phoneNumber,
    locality: n.locality || null,
    region: n.region || null,
  }));
}

/** Buys `phoneNumber` with its webhooks at this server; the carrier refuses one that is taken. */
export function buyNumber(
  client: TwilioClient,
  appUrl: string,
  { phoneNumber, accountName }: { phoneNumber: string; accountName: string },
) {
  return client.incomingPhoneNumbers.create({
    phoneNumber,
    ...numberSettings(appUrl, accountName),
  });
}

/** The TwiML app the browser phone's outgoing calls go through (voice tokens name it). */
export function createBrowserCallsApp(client: TwilioClient, appUrl: string, accountName: string) {
  const urls = webhookUrls(appUrl);
  return client.applications.create({
    friendlyName: `Tentpole browser calls: ${accountName}`.slice(0, 64),
    voiceUrl: urls.voice,
    voiceMethod: 'POST',
    statusCallback: urls.status,
    statusCallbackMethod: 'POST',
  });
}

const isNotFound = (error: unknown) => (error as { status?: number }).status === 404;

/**
 * Makes sure every enabled phone service has its number and TwiML app at the carrier, with
 * webhooks pointing at this server: buys a number for a new service (as from Twilio), buys
 * the same number back if the carrier has lost it, and points existing ones at `appUrl`.
 */
export async function reconcilePhoneServices(db: Db, client: TwilioClient, appUrl: string) {
  const services = await db
    .select({
      accountId: phoneServices.accountId,
      phoneNumber: phoneServices.phoneNumber,
      numberSid: phoneServices.numberSid,
      twimlAppSid: phoneServices.twimlAppSid,
      accountName: accounts.name,
    })
    .from(phoneServices)
    .innerJoin(accounts, eq(accounts.id, phoneServices.accountId))
    .where(eq(phoneServices.enabled, true));
  for (const service of services) {
    await reconcileOne(db, client, appUrl, service);
  }
}

async function reconcileOne(
  db: Db,
  client: TwilioClient,
  appUrl: string,
  service: {
    accountId: string;
    phoneNumber: string | null;
    numberSid: string | null;
    twimlAppSid: string | null;
    accountName: string;
  },
) {
  const urls = webhookUrls(appUrl);
  const settings = numberSettings(appUrl, service.accountName);
  let number = service.numberSid
    ? await client
        .incomingPhoneNumbers(service.numberSid)
        .fetch()
        .catch((error: unknown) => {
          if (isNotFound(error)) return null;
          throw error;
        })
    : null;
  if (!number) {
    const phoneNumber =
      service.phoneNumber ?? (await availableNumbers(client, { limit: 1 }))[0]?.phoneNumber;
    if (!phoneNumber) throw new Error('the carrier has no numbers available');
    number = await buyNumber(client, appUrl, { phoneNumber, accountName: service.accountName });
  } else if (
    number.voiceUrl !== urls.voice ||
    number.smsUrl !== urls.sms ||
    number.statusCallback !== urls.status
  ) {
    number = await client.incomingPhoneNumbers(number.sid).update(settings);
  }

  let app = service.twimlAppSid
    ? await client
        .applications(service.twimlAppSid)
        .fetch()
        .catch((error: unknown) => {
          if (isNotFound(error)) return null;
          throw error;
        })
    : null;
  if (!app) {
    app = await createBrowserCallsApp(client, appUrl, service.accountName);
  } else if (app.voiceUrl !== urls.voice) {
    app = await client.applications(app.sid).update({ voiceUrl: urls.voice, voiceMethod: 'POST' });
  }

  await db
    .update(phoneServices)
    .set({ phoneNumber: number.phoneNumber, numberSid: number.sid, twimlAppSid: app.sid })
    .where(eq(phoneServices.accountId, service.accountId));
}
