import {
  callLogQuerySchema,
  callLogResponseSchema,
  clickToCallInputSchema,
  INVALID_PHONE_NUMBER_MESSAGE,
  phoneInfoSchema,
  voiceDeviceOptionsSchema,
  voiceTokenResponseSchema,
} from '@tentpole/domain';
import { and, eq } from 'drizzle-orm';
import twilio from 'twilio';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import { isUuid } from '../../http/is-uuid.js';
import { readJson, readQuery } from '../../http/read-body.js';
import type { RouteDef } from '../../http/route-table.js';
import type { JobWorker } from '../../jobs/job-queue.js';
import { checkPossibleNumber } from '../../telephony/possible-number.js';
import type { TelephonyConfig } from '../../telephony/telephony-config.js';
import type { TwilioClient } from '../../telephony/twilio-client.js';
import { webhookUrls } from '../../telephony/webhook-urls.js';
import type { FeatureContext } from '../feature.js';
import { callerCardRoutes } from './caller-card.js';
import { numberRoutes } from './number-routes.js';
import { findPhoneService, listCalls, phoneInfo } from './queries.js';
import { fetchRecording, keepRecording, storedRecording } from './recordings.js';
import { placeClickToCall } from './service.js';
import { phoneSettingsRoutes } from './settings-routes.js';
import { sharedNumberRoutes } from './shared-numbers.js';
import { calls } from './tables.js';
import { textBackRoutes } from './text-back.js';
import { carrierMediaPrefix } from './texts/media.js';
import { mediaRoutes } from './texts/media-routes.js';
import { textRoutes } from './texts/routes.js';
import { threadLinkRoutes } from './texts/thread-links.js';
import { voiceIdentity } from './voice-identity.js';
import { voiceWebhookRoutes } from './voice-webhooks.js';

// spec §3 voice token: one hour.
export const VOICE_TOKEN_TTL_S = 3600;

const clickToCallResponseSchema = z.object({ callId: z.string().nullable() });
const tag = 'Reach';

type PhoneRouteDeps = {
  db: Db;
  telephony: TelephonyConfig;
  twilio: TwilioClient;
  appUrl: string;
  clock: () => Date;
  worker?: Pick<JobWorker, 'kick'> | undefined;
};

/** Reach's routes: calls, settings, the carrier's webhooks and texting. */
// The number must also be one a carrier can dial (the spec's rule alone lets '123' through).
const clickToCallRequestSchema = clickToCallInputSchema.superRefine((input, ctx) =>
  checkPossibleNumber(ctx, ['phoneNumber'], input.phoneNumber, INVALID_PHONE_NUMBER_MESSAGE),
);

export function phoneFeatureRoutes(context: FeatureContext): RouteDef[] {
  const { db, phone, realtime, clock } = context;
  if (!phone) return [];
  return [
    ...phoneRoutes({ db, ...phone, clock, worker: realtime?.worker }),
    ...textBackRoutes(db),
    ...callerCardRoutes({ db, clock }),
    ...sharedNumberRoutes({ db }),
    ...(realtime
      ? textRoutes({
          db,
          authToken: phone.telephony.authToken,
          appUrl: phone.appUrl,
          worker: realtime.worker,
          carrierMediaPrefix: carrierMediaPrefix(
            phone.telephony.restBaseUrl,
            phone.telephony.accountSid,
          ),
        })
      : []),
    ...(realtime ? mediaRoutes({ db, worker: realtime.worker }) : []),
    ...threadLinkRoutes({ db, clock, appUrl: phone.appUrl, payments: context.payments }),
  ];
}

function phoneRoutes({
  db,
  telephony,
  twilio: client,
  appUrl,
  clock,
  worker,
}: PhoneRouteDeps): RouteDef[] {
  const urls = webhookUrls(appUrl);

  async function requireService(accountId: string) {
    const service = await findPhoneService(db, accountId);
    if (!service?.enabled || !service.phoneNumber || !service.twimlAppSid) {
      throw new AppError('not_found', 'This account has no phone service.');
    }
    return { ...service, phoneNumber: service.phoneNumber, twimlAppSid: service.twimlAppSid };
  }

  const info: RouteDef['handler'] = async (c) => {
    const user = c.get('user');
    return c.json(await phoneInfo(db, user.accountId, user.id));
  };

  return [
    // spec §7 GET /api/phone/ (both spellings reach it).
    {
      method: 'GET',
      path: '/api/phone/',
      access: { permission: 'phone.read' },
      summary: 'Phone info: service, messaging status, click-to-call.',
      tag,
      response: phoneInfoSchema,
      handler: info,
    },
    {
      method: 'GET',
      path: '/api/phone',
      access: { permission: 'phone.read' },
      summary: 'Phone info (without the trailing slash).',
      tag,
      response: phoneInfoSchema,
      handler: info,
    },
    {
      method: 'GET',
      path: '/api/phone/voice/token',
      access: { permission: 'phone.read' },
      summary: 'A one-hour voice access token for this user in this account.',
      tag,
      response: voiceTokenResponseSchema,
      async handler(c) {
        const user = c.get('user');
        const service = await requireService(user.accountId);
        const token = new twilio.jwt.AccessToken(
          telephony.accountSid,
          telephony.apiKeySid,
          telephony.apiKeySecret,
          {
            identity: voiceIdentity(user.id, user.accountId),
            ttl: VOICE_TOKEN_TTL_S,
          },
        );
        token.addGrant(
          new twilio.jwt.AccessToken.VoiceGrant({
            outgoingApplicationSid: service.twimlAppSid,
            incomingAllow: true,
          }),
        );
        return c.json({ token: token.toJwt() });
      },
    },
    {
      // How the browser's Device reaches the carrier (decision 0005): configuration only.
      method: 'GET',
      path: '/api/phone/voice/options',
      access: { permission: 'phone.read' },
      summary: "How the browser's Voice SDK reaches the carrier.",
      tag,
      response: voiceDeviceOptionsSchema,
      async handler(c) {
        await requireService(c.get('user').accountId);
        return c.json({
          signalingHosts: telephony.signalingHosts,
          insecureSignaling: telephony.insecureSignaling,
          soundsBaseUrl: telephony.soundsBaseUrl,
          publishInsights: telephony.publishInsights,
        });
      },
    },
    {
      // spec §7: ring the user's own mobile, then connect it to the number, showing ours.
      method: 'POST',
      path: '/api/phone/voice/call',
      access: { permission: 'phone.read' },
      summary: "Ring the user's mobile, then connect it to the number.",
      tag,
      request: clickToCallRequestSchema,
      response: clickToCallResponseSchema,
      status: 201,
      errors: [503, 429],
      async handler(c) {
        const user = c.get('user');
        const { phoneNumber } = await readJson(c, clickToCallRequestSchema);
        const service = await requireService(user.accountId);
        const call = await placeClickToCall(
          { db, twilio: client, urls },
          { accountId: user.accountId, userId: user.id, businessNumber: service.phoneNumber },
          phoneNumber,
        );
        return c.json({ callId: call?.id ?? null }, 201);
      },
    },
    {
      method: 'GET',
      path: '/api/phone/calls',
      access: { permission: 'phone.read' },
      summary: 'The call log.',
      tag,
      query: callLogQuerySchema,
      response: callLogResponseSchema,
      async handler(c) {
        const { filter } = readQuery(c, callLogQuerySchema);
        return c.json({ calls: await listCalls(db, c.get('user').accountId, filter) });
      },
    },
    {
      // Voicemail audio: the copy kept in the database, or (until the copy job has run) the
      // carrier's, kept on the way through.
      method: 'GET',
      path: '/api/phone/calls/:id/voicemail',
      access: { permission: 'phone.read' },
      summary: "A call's voicemail audio.",
      tag,
      response: { kind: 'audio', description: 'The recording.' },
      errors: [503],
      async handler(c) {
        const id = c.req.param('id');
        const accountId = c.get('user').accountId;
        const [call] = isUuid(id)
          ? await db
              .select({ id: calls.id, accountId: calls.accountId, url: calls.voicemailUrl })
              .from(calls)
              .where(and(eq(calls.accountId, accountId), eq(calls.id, id)))
          : [];
        if (!call?.url) throw notFound('Voicemail');
        let recording = await storedRecording(db, accountId, call.id);
        if (!recording) {
          const fetched = await fetchRecording(client, call.url);
          if (fetched && 'missing' in fetched)
            throw new AppError('not_found', 'This voicemail recording no longer exists.');
          if (!fetched)
            throw new AppError(
              'unavailable',
              'This voicemail cannot be played right now. Try again in a minute.',
            );
          await keepRecording(db, call, fetched);
          recording = fetched;
        }
        return c.body(new Uint8Array(recording.audio), 200, {
          'content-type': recording.contentType,
          'cache-control': 'private, max-age=3600',
        });
      },
    },
    ...phoneSettingsRoutes(db),
    ...numberRoutes({ db, twilio: client, appUrl }),
    ...voiceWebhookRoutes({ db, authToken: telephony.authToken, appUrl, clock, worker }),
  ];
}
