import { eq } from 'drizzle-orm';
import { accounts } from '../../auth/tables.js';
import type { Db } from '../../db/client.js';
import type { TwilioClient } from '../../telephony/twilio-client.js';
import { webhookUrls } from '../../telephony/webhook-urls.js';
import { phoneServices } from './tables.js';

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
  const numberSettings = {
    voiceUrl: urls.voice,
    voiceMethod: 'POST',
    statusCallback: urls.status,
    statusCallbackMethod: 'POST',
    smsUrl: urls.sms,
    smsMethod: 'POST',
    friendlyName: service.accountName.slice(0, 64),
  } as const;

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
      service.phoneNumber ??
      (await client.availablePhoneNumbers('US').local.list({ limit: 1 }))[0]?.phoneNumber;
    if (!phoneNumber) throw new Error('the carrier has no numbers available');
    number = await client.incomingPhoneNumbers.create({ phoneNumber, ...numberSettings });
  } else if (
    number.voiceUrl !== urls.voice ||
    number.smsUrl !== urls.sms ||
    number.statusCallback !== urls.status
  ) {
    number = await client.incomingPhoneNumbers(number.sid).update(numberSettings);
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
    app = await client.applications.create({
      friendlyName: `Tentpole browser calls: ${service.accountName}`.slice(0, 64),
      voiceUrl: urls.voice,
      voiceMethod: 'POST',
      statusCallback: urls.status,
      statusCallbackMethod: 'POST',
    });
  } else if (app.voiceUrl !== urls.voice) {
    app = await client.applications(app.sid).update({ voiceUrl: urls.voice, voiceMethod: 'POST' });
  }

  await db
    .update(phoneServices)
    .set({ phoneNumber: number.phoneNumber, numberSid: number.sid, twimlAppSid: app.sid })
    .where(eq(phoneServices.accountId, service.accountId));
}
