import { can, normalizePhone, validateOutboundNumber } from '@tentpole/domain';
import { and, eq } from 'drizzle-orm';
import twilio from 'twilio';
import { memberships } from '../../auth/tables.js';
import type { Db } from '../../db/client.js';
import type { RouteDef } from '../../http/route-table.js';
import type { JobWorker } from '../../jobs/job-queue.js';
import {
  firstDelivery,
  twiml,
  verifyTwilioSignature,
  webhookParams,
} from '../../telephony/twilio-webhook.js';
import { WEBHOOK_BASE, webhookUrls } from '../../telephony/webhook-urls.js';
import {
  attachVoicemail,
  findCallBySid,
  finishDial,
  insertCall,
  markAnswered,
  recordCall,
  setCallStatus,
  TERMINAL_STATUSES,
} from './calls.js';
import { customerByPhone, findPhoneService, inboundRouting, routingSettings } from './queries.js';
import { enqueueStoreVoicemail } from './recordings.js';
import { textBackAfterCall } from './text-back.js';
import { parseVoiceIdentity, voiceIdentity } from './voice-identity.js';

const { VoiceResponse } = twilio.twiml;

// notes/twilio.md §1.3: one <Dial> takes at most ten nouns; first to answer wins.
export const MAX_DIAL_LEGS = 10;
export const RING_TIMEOUT_S = 20;
export const VOICEMAIL_MAX_LENGTH_S = 120;
const LEG_EVENTS = ['initiated', 'ringing', 'answered', 'completed'] as const;
const ANSWERED_DIAL = ['completed', 'answered'];

export type VoiceWebhookDeps = {
  db: Db;
  authToken: string;
  appUrl: string;
  clock?: () => Date;
  worker?: Pick<JobWorker, 'kick'> | undefined;
};

const PUBLIC = { public: 'carrier webhooks, each verified by its X-Twilio-Signature' };

export function voiceWebhookRoutes({
  db,
  authToken,
  appUrl,
  clock = () => new Date(),
  worker,
}: VoiceWebhookDeps): RouteDef[] {
  const urls = webhookUrls(appUrl);
  const signed = [verifyTwilioSignature(authToken, appUrl)];

  /** An inbound call to a business number: ring the staff's browsers and forwarding numbers. */
  async function inbound(params: Record<string, string>) {
    const vr = new VoiceResponse();
    const from = params.From ?? '';
    // One read (the number's account, its settings, who takes calls, the caller), one write.
    const service = await inboundRouting(db, params.To ?? '', from);
    if (!service) {
      vr.say('The number you have called is not in service.');
      vr.hangup();
      return vr;
    }
    const { settings, members, customerId } = service;
    await insertCall(db, {
      accountId: service.accountId,
      callSid: params.CallSid ?? '',
      direction: 'inbound',
      via: 'pstn',
      fromNumber: from,
      toNumber: params.To ?? '',
      counterpartNumber: from,
      status: params.CallStatus ?? 'ringing',
      customerId,
      startedAt: new Date(),
    });
    const numbers = settings.forwardIncomingCallsToMobile
      ? settings.forwardIncomingCallsTo.map(normalizePhone).filter(Boolean).slice(0, MAX_DIAL_LEGS)
      : [];
    const agents = members.slice(0, MAX_DIAL_LEGS - numbers.length);
    const dial = vr.dial({
      // The forwarded legs show the caller's number or ours (notes/twilio.md: rule 13214).
      callerId: settings.showCallerId ? from : (service.phoneNumber ?? undefined),
      timeout: RING_TIMEOUT_S,
      answerOnBridge: true,
      action: urls.dialResult,
      method: 'POST',
    });
    for (const userId of agents) {
      const client = dial.client({
        statusCallback: urls.status,
        statusCallbackEvent: [...LEG_EVENTS],
        statusCallbackMethod: 'POST',
      });
      client.identity(voiceIdentity(userId, service.accountId));
      // spec §3 incoming call: customParameters carry customerId and From.
      if (customerId) client.parameter({ name: 'customerId', value: customerId });
      client.parameter({ name: 'From', value: from });
      // The call as the log knows it: who answers can say which customer is calling when
      // several share the number (decision 0062).
      client.parameter({ name: 'callSid', value: params.CallSid ?? '' });
    }
    for (const number of numbers) {
      dial.number(
        {
          statusCallback: urls.status,
          statusCallbackEvent: [...LEG_EVENTS],
          statusCallbackMethod: 'POST',
        },
        number,
      );
    }
    return vr;
  }

  /** A call placed from a staff browser (the TwiML app): dial the number with our caller ID. */
  async function fromBrowser(params: Record<string, string>) {
    const vr = new VoiceResponse();
    const caller = parseVoiceIdentity(params.From ?? '');
    const service = caller ? await findPhoneService(db, caller.accountId) : null;
    const [member] = caller
      ? await db
          .select({ roles: memberships.roles })
          .from(memberships)
          .where(
            and(eq(memberships.accountId, caller.accountId), eq(memberships.userId, caller.userId)),
          )
      : [];
    if (
      !caller ||
      !service?.enabled ||
      !service.phoneNumber ||
      !member ||
      !can(member.roles, 'phone.read')
    ) {
      vr.reject({ reason: 'rejected' });
      return vr;
    }
    const to = params.To ?? '';
    if (validateOutboundNumber(to) !== null) {
      vr.say('The number you dialled is not valid.');
      vr.hangup();
      return vr;
    }
    const number = normalizePhone(to);
    const customer = await customerByPhone(db, caller.accountId, number);
    await recordCall(db, {
      accountId: caller.accountId,
      callSid: params.CallSid ?? '',
      direction: 'outbound',
      via: 'browser',
      fromNumber: service.phoneNumber,
      toNumber: number,
      counterpartNumber: number,
      status: 'ringing',
      customerId: customer?.id ?? null,
      placedByUserId: caller.userId,
      startedAt: new Date(),
    });
    // No action: when the number is busy, invalid or unanswered the call simply ends, and the
    // browser's SDK gets the carrier's own code (31486, 31404, 31480). The log takes the
    // outcome from the dialled leg's status callbacks.
    vr.dial({ callerId: service.phoneNumber, answerOnBridge: true, timeout: 30 }).number(
      {
        statusCallback: urls.status,
        statusCallbackEvent: [...LEG_EVENTS],
        statusCallbackMethod: 'POST',
      },
      number,
    );
    return vr;
  }

  return [
    {
      method: 'POST',
      path: `${WEBHOOK_BASE}/voice`,
      access: PUBLIC,
      summary: 'Carrier: a call to a business number or from a browser (TwiML).',
      tag: 'Carrier webhooks',
      response: { kind: 'xml', description: "The call's TwiML." },
      before: signed,
      // Idempotent on CallSid: a retried delivery records nothing new and gets the same TwiML.
      async handler(c) {
        const params = webhookParams(c);
        const vr = (params.From ?? '').startsWith('client:')
          ? await fromBrowser(params)
          : await inbound(params);
        return twiml(c, vr);
      },
    },
    {
      // The user's own mobile answered a click-to-call: connect it to the customer.
      method: 'POST',
      path: `${WEBHOOK_BASE}/voice/click-to-call`,
      access: PUBLIC,
      summary: "Carrier: the user's mobile answered a click-to-call.",
      tag: 'Carrier webhooks',
      response: { kind: 'xml', description: 'TwiML that dials the customer.' },
      before: signed,
      async handler(c) {
        const params = webhookParams(c);
        const vr = new VoiceResponse();
        const call = await findCallBySid(db, params.CallSid ?? '');
        const service = call ? await findPhoneService(db, call.accountId) : null;
        if (!call || !service?.phoneNumber) {
          vr.hangup();
          return twiml(c, vr);
        }
        vr.say('Connecting your call.');
        vr.dial({
          callerId: service.phoneNumber,
          answerOnBridge: true,
          timeout: 30,
          action: urls.dialResult,
          method: 'POST',
        }).number(
          {
            statusCallback: urls.status,
            statusCallbackEvent: [...LEG_EVENTS],
            statusCallbackMethod: 'POST',
          },
          call.counterpartNumber,
        );
        return twiml(c, vr);
      },
    },
    {
      // The Dial's action: how the ringing ended. Nobody took an inbound call: voicemail.
      method: 'POST',
      path: `${WEBHOOK_BASE}/voice/dial-result`,
      access: PUBLIC,
      summary: 'Carrier: how a Dial ended.',
      tag: 'Carrier webhooks',
      response: { kind: 'xml', description: 'TwiML: voicemail, or hang up.' },
      before: signed,
      async handler(c) {
        const params = webhookParams(c);
        const vr = new VoiceResponse();
        const call = await findCallBySid(db, params.CallSid ?? '');
        const dialStatus = params.DialCallStatus ?? 'failed';
        const answered = ANSWERED_DIAL.includes(dialStatus);
        const duration = params.DialCallDuration ? Number(params.DialCallDuration) : null;
        if (call && call.direction === 'inbound' && !answered) {
          await setCallStatus(
            db,
            call.callSid,
            dialStatus === 'canceled' ? 'canceled' : 'no-answer',
          );
          if (dialStatus !== 'canceled') {
            const settings = await routingSettings(db, call.accountId);
            vr.say(settings.voicemailText);
            vr.record({
              maxLength: VOICEMAIL_MAX_LENGTH_S,
              playBeep: true,
              action: urls.voicemailDone,
              method: 'POST',
              recordingStatusCallback: urls.recording,
              recordingStatusCallbackMethod: 'POST',
              recordingStatusCallbackEvent: ['completed'],
            });
          }
        } else if (call) {
          await finishDial(
            db,
            call.callSid,
            answered ? 'completed' : dialStatus,
            answered ? duration : null,
          );
        }
        vr.hangup();
        return twiml(c, vr);
      },
    },
    {
      method: 'POST',
      path: `${WEBHOOK_BASE}/voice/voicemail-done`,
      access: PUBLIC,
      summary: 'Carrier: a voicemail finished.',
      tag: 'Carrier webhooks',
      response: { kind: 'xml', description: 'TwiML that hangs up.' },
      before: signed,
      handler(c) {
        const vr = new VoiceResponse();
        vr.hangup();
        return twiml(c, vr);
      },
    },
    {
      // Status callbacks of every leg keep the call log current; each delivery applies once.
      method: 'POST',
      path: `${WEBHOOK_BASE}/voice/status`,
      access: PUBLIC,
      summary: 'Carrier: call status callbacks.',
      tag: 'Carrier webhooks',
      response: { kind: 'empty', description: 'Applied (or already applied).' },
      status: 204,
      before: signed,
      async handler(c) {
        const params = webhookParams(c);
        const key = `status:${params.CallSid}:${params.CallStatus}:${params.SequenceNumber ?? ''}`;
        if (!(await firstDelivery(db, c, key))) return c.body(null, 204);
        const status = params.CallStatus ?? '';
        const parentSid = params.ParentCallSid;
        if (parentSid) {
          // A leg of a Dial: who answered, and for an outbound call, how the far end answered.
          const parent = await findCallBySid(db, parentSid);
          if (!parent) return c.body(null, 204);
          if (status === 'in-progress') {
            const to = params.To ?? '';
            const agent = parseVoiceIdentity(to);
            const isCustomerLeg = parent.direction === 'outbound';
            await markAnswered(
              db,
              parentSid,
              isCustomerLeg
                ? { userId: null, number: null }
                : { userId: agent?.userId ?? null, number: agent ? null : normalizePhone(to) },
              new Date(),
            );
          } else if (parent.direction === 'outbound' && TERMINAL_STATUSES.includes(status)) {
            // The customer's leg of an outbound call says how it went and how long it lasted.
            const legDuration = params.CallDuration ? Number(params.CallDuration) : null;
            if (status === 'completed') await finishDial(db, parentSid, 'completed', legDuration);
            else await setCallStatus(db, parentSid, status);
          }
          return c.body(null, 204);
        }
        const duration = params.CallDuration ? Number(params.CallDuration) : undefined;
        const call = await findCallBySid(db, params.CallSid ?? '');
        if (!call) return c.body(null, 204);
        if (TERMINAL_STATUSES.includes(status)) {
          // Conversation length comes from the Dial; a call nobody took has none.
          await setCallStatus(
            db,
            call.callSid,
            call.answeredAt || call.status === 'in-progress' ? 'completed' : status,
            {
              ...(call.durationSeconds === null && call.answeredAt && duration !== undefined
                ? {
                    durationSeconds: Math.max(
                      0,
                      duration -
                        Math.round((call.answeredAt.getTime() - call.startedAt.getTime()) / 1000),
                    ),
                  }
                : {}),
            },
          );
          // Nobody took it (missed, or voicemail): the caller may get a text (issue 24 item 4).
          const ended = await findCallBySid(db, call.callSid);
          if (ended) await textBackAfterCall(db, ended, { appUrl, now: clock(), worker });
        } else {
          await setCallStatus(db, call.callSid, status);
        }
        return c.body(null, 204);
      },
    },
    {
      method: 'POST',
      path: `${WEBHOOK_BASE}/voice/recording`,
      access: PUBLIC,
      summary: 'Carrier: a recording is ready.',
      tag: 'Carrier webhooks',
      response: { kind: 'empty', description: 'Applied (or already applied).' },
      status: 204,
      before: signed,
      async handler(c) {
        const params = webhookParams(c);
        if (!(await firstDelivery(db, c, `recording:${params.RecordingSid}`)))
          return c.body(null, 204);
        if (params.RecordingStatus && params.RecordingStatus !== 'completed')
          return c.body(null, 204);
        await attachVoicemail(db, params.CallSid ?? '', {
          sid: params.RecordingSid ?? '',
          url: params.RecordingUrl ?? '',
          durationSeconds: params.RecordingDuration ? Number(params.RecordingDuration) : null,
        });
        // Copy the audio here now: the carrier's copy may not outlive a restart (issue 15).
        if (params.CallSid && params.RecordingSid)
          await enqueueStoreVoicemail(db, params.CallSid, params.RecordingSid);
        return c.body(null, 204);
      },
    },
  ];
}
