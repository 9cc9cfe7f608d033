import { Hono } from 'hono';
import type { NumberBehaviors, VoiceBehavior } from '../pstn/magic-numbers';
import { isE164, SMS_BEHAVIORS } from '../pstn/magic-numbers';
import { type Messaging, parseMedia } from '../pstn/messaging';
import type { OptOutRegistry } from '../pstn/opt-out';
import type { PhoneHub } from '../pstn/phone-hub';
import type { CallRecord, MessageRecord, SandboxStore } from '../store';
import type { VoiceEngine } from '../voice/engine';
import type { SignalingGateway } from '../voice/gateway';
import type { BurstRunner } from './burst';
import type { FaultInjector, RestFaultSpec, WebhookFaultSpec } from './faults';

export interface ControlDeps {
  store: SandboxStore;
  behaviors: NumberBehaviors;
  hub: PhoneHub;
  messaging: Messaging;
  engine: VoiceEngine;
  gateway: SignalingGateway;
  optOuts: OptOutRegistry;
  faults: FaultInjector;
  bursts: BurstRunner;
}

const VOICE: readonly VoiceBehavior[] = ['answer', 'busy', 'no-answer', 'decline', 'invalid'];
const SMS = SMS_BEHAVIORS;

/** A message as the carrier saw it (the control API's view; dates ISO 8601). */
export function carrierMessageView(m: MessageRecord) {
  return {
    sid: m.sid,
    from: m.from,
    to: m.to,
    body: m.body,
    status: m.status,
    direction: m.direction,
    errorCode: m.errorCode,
    errorMessage: m.errorMessage,
    numSegments: m.numSegments,
    autoReply: m.autoReply,
    dateCreated: m.dateCreated.toISOString(),
    dateSent: m.dateSent?.toISOString() ?? null,
    dateUpdated: m.dateUpdated.toISOString(),
  };
}

/** The test-facing control API: play the telephone network's part from a test. */
export function controlRoutes(deps: ControlDeps): Hono {
  const app = new Hono();
  const bad = (message: string) => ({ error: { message } });

  app.get('/control/state', (c) =>
    c.json({
      registeredClients: deps.gateway.registeredIdentities(),
      phoneNumbers: [...deps.store.phoneNumbers.values()].map((n) => ({
        sid: n.sid,
        phoneNumber: n.phoneNumber,
        voiceUrl: n.voiceUrl,
        smsUrl: n.smsUrl,
      })),
    }),
  );

  app.post('/control/calls', async (c) => {
    const body = await readJson(c.req.raw);
    const from = String(body.from ?? '');
    const to = String(body.to ?? '');
    if (!isE164(from) || !isE164(to)) return c.json(bad('from and to must be E.164 numbers'), 400);
    const call = await deps.hub.placeSimulatedCall(from, to);
    if (!call) return c.json(bad(`No business owns ${to}`), 404);
    return c.json({ callSid: call.callSid }, 201);
  });

  /** A call as a test sees it: its legs' statuses, media, and a `<Record>` under way. */
  const callView = (record: CallRecord) => {
    const children = [...deps.store.calls.values()].filter((r) => r.parentCallSid === record.sid);
    const leg = deps.engine.legs.get(record.sid);
    const media = deps.hub.simulatedCall(record.sid)?.media ?? leg?.media;
    return {
      sid: record.sid,
      status: record.status,
      from: record.from,
      to: record.to,
      direction: record.direction,
      children: children.map((r) => ({ sid: r.sid, to: r.to, status: r.status })),
      mediaBytesReceived: media?.bytesReceived ?? null,
      recordingSeconds: leg?.recording?.seconds() ?? null,
    };
  };

  app.get('/control/calls', (c) => {
    const from = c.req.query('from');
    const to = c.req.query('to');
    // The store keeps calls in the order they were made: newest first here.
    const calls = [...deps.store.calls.values()]
      .reverse()
      .filter(
        (r) => r.parentCallSid === null && (!from || r.from === from) && (!to || r.to === to),
      );
    return c.json(calls.map(callView));
  });

  app.get('/control/calls/:sid', (c) => {
    const record = deps.store.calls.get(c.req.param('sid'));
    if (!record) return c.json(bad('No such call'), 404);
    return c.json(callView(record));
  });

  app.post('/control/calls/:sid/hangup', (c) => {
    const sid = c.req.param('sid');
    const simulated = deps.hub.simulatedCall(sid);
    if (simulated) simulated.events.ended('hangup');
    else {
      const leg = deps.engine.legs.get(sid);
      if (!leg) return c.json(bad('No such call'), 404);
      deps.engine.hangup(leg);
    }
    return c.json({ ok: true });
  });

  app.post('/control/calls/:sid/dtmf', async (c) => {
    const body = await readJson(c.req.raw);
    const simulated = deps.hub.simulatedCall(c.req.param('sid'));
    if (!simulated) return c.json(bad('No such simulated call'), 404);
    simulated.events.dtmf(String(body.digits ?? ''));
    return c.json({ ok: true });
  });

  app.post('/control/sms', async (c) => {
    const body = await readJson(c.req.raw);
    const from = String(body.from ?? '');
    const to = String(body.to ?? '');
    if (!isE164(from) || !isE164(to)) return c.json(bad('from and to must be E.164 numbers'), 400);
    const media = parseMedia(body.media);
    if (typeof media === 'string') return c.json(bad(media), 400);
    const result = await deps.messaging.receiveInbound(from, to, String(body.body ?? ''), {
      media,
    });
    return c.json(
      {
        sid: result.message.sid,
        optOutType: result.optOutType,
        webhook: result.webhook && {
          ok: result.webhook.ok,
          status: result.webhook.status,
          attempts: result.webhook.attempts,
          idempotencyToken: result.webhook.idempotencyToken,
        },
      },
      201,
    );
  });

  app.post('/control/sms/burst', async (c) => {
    const body = await readJson(c.req.raw);
    const from = (Array.isArray(body.from) ? body.from : [body.from]).map((f) => String(f ?? ''));
    const to = String(body.to ?? '');
    const count = Number(body.count ?? 1);
    if (from.length === 0 || !from.every(isE164) || !isE164(to))
      return c.json(bad('from (a number or a list) and to must be E.164 numbers'), 400);
    if (!Number.isInteger(count) || count < 1 || count > 100_000)
      return c.json(bad('count must be an integer from 1 to 100000'), 400);
    if (!deps.store.findNumber(to)) return c.json(bad(`No business owns ${to}`), 404);
    const report = deps.bursts.start({
      from,
      to,
      count,
      bodyPrefix: typeof body.bodyPrefix === 'string' ? body.bodyPrefix : 'Burst text ',
      concurrency: positiveInt(body.concurrency, 20),
      retryDelayMs: positiveInt(body.retryDelayMs, 0),
    });
    if (body.wait === true) return c.json(await deps.bursts.wait(report.id), 201);
    return c.json(report, 201);
  });

  app.get('/control/sms/burst/:id', async (c) => {
    const id = c.req.param('id');
    const report =
      c.req.query('wait') === undefined ? deps.bursts.get(id) : await deps.bursts.wait(id);
    if (!report) return c.json(bad('No such burst'), 404);
    return c.json(report);
  });

  app.get('/control/opt-outs', (c) => {
    const phone = c.req.query('phone');
    const business = c.req.query('business');
    return c.json(
      deps.optOuts
        .list()
        .filter(
          (e) =>
            (phone === undefined || e.phone === phone) &&
            (business === undefined || e.business === business),
        )
        .map((e) => ({ ...e, optedOutAt: e.optedOutAt.toISOString() })),
    );
  });

  app.put('/control/opt-outs', async (c) => {
    const body = await readJson(c.req.raw);
    const phone = String(body.phone ?? '');
    const business = String(body.business ?? '');
    if (!isE164(phone) || !isE164(business))
      return c.json(bad('phone and business must be E.164 numbers'), 400);
    if (body.optedOut === false) deps.optOuts.optIn(phone, business);
    else deps.optOuts.optOut(phone, business);
    return c.json({ phone, business, optedOut: deps.optOuts.isOptedOut(phone, business) });
  });

  app.delete('/control/opt-outs', (c) => {
    const phone = c.req.query('phone');
    const business = c.req.query('business');
    const removed = deps.optOuts.clear({
      ...(phone !== undefined ? { phone } : {}),
      ...(business !== undefined ? { business } : {}),
    });
    return c.json({ removed });
  });

  app.get('/control/faults', (c) => c.json(deps.faults.list()));

  app.delete('/control/faults', (c) => {
    deps.faults.clear();
    return c.json({ ok: true });
  });

  app.post('/control/faults/rest', async (c) => {
    const body = await readJson(c.req.raw);
    const kinds: readonly RestFaultSpec['kind'][] = ['error', 'hang'];
    const kind = kinds.find((k) => k === body.kind);
    if (!kind) return c.json(bad(`kind must be one of ${kinds.join(', ')}`), 400);
    const status = positiveInt(body.status, 500);
    if (kind === 'error' && (status < 400 || status > 599))
      return c.json(bad('status must be a 4xx or 5xx code'), 400);
    const fault = deps.faults.addRest({
      kind,
      when: body.when === 'after' ? 'after' : 'before',
      count: positiveInt(body.count, 1),
      method: typeof body.method === 'string' ? body.method.toUpperCase() : null,
      resource: typeof body.resource === 'string' ? body.resource : null,
      to: typeof body.to === 'string' ? body.to : null,
      status,
      delayMs: positiveInt(body.delayMs, 30_000),
    });
    return c.json(fault, 201);
  });

  app.post('/control/faults/webhooks', async (c) => {
    const body = await readJson(c.req.raw);
    const kinds: readonly WebhookFaultSpec['kind'][] = ['unreachable', 'timeout', 'duplicate'];
    const kind = kinds.find((k) => k === body.kind);
    if (!kind) return c.json(bad(`kind must be one of ${kinds.join(', ')}`), 400);
    const fault = deps.faults.addWebhook({
      kind,
      count: positiveInt(body.count, 1),
      urlContains: typeof body.urlContains === 'string' ? body.urlContains : null,
    });
    return c.json(fault, 201);
  });

  app.put('/control/numbers/:number', async (c) => {
    const number = c.req.param('number');
    const body = await readJson(c.req.raw);
    const voice = VOICE.find((v) => v === body.voice);
    const sms = SMS.find((s) => s === body.sms);
    if (body.voice !== undefined && !voice)
      return c.json(bad(`voice must be one of ${VOICE.join(', ')}`), 400);
    if (body.sms !== undefined && !sms)
      return c.json(bad(`sms must be one of ${SMS.join(', ')}`), 400);
    deps.behaviors.set(number, { ...(voice ? { voice } : {}), ...(sms ? { sms } : {}) });
    return c.json(deps.behaviors.get(number));
  });

  app.get('/control/numbers/:number/messages', (c) =>
    c.json(deps.store.messagesFor(c.req.param('number')).map(carrierMessageView)),
  );

  app.get('/control/messages', (c) => {
    const from = c.req.query('from');
    const to = c.req.query('to');
    return c.json(
      deps.store
        .allMessages({
          ...(from !== undefined ? { from } : {}),
          ...(to !== undefined ? { to } : {}),
        })
        .map(carrierMessageView),
    );
  });

  app.post('/control/reset', async (c) => {
    const body = await readJson(c.req.raw);
    deps.behaviors.reset();
    deps.optOuts.clear();
    deps.faults.clear();
    deps.bursts.clear();
    if (body.messages === true) deps.store.messages.clear();
    return c.json({ ok: true });
  });

  return app;
}

function positiveInt(value: unknown, fallback: number): number {
  const n = Number(value);
  return value !== undefined && Number.isInteger(n) && n >= 0 ? n : fallback;
}

async function readJson(request: Request): Promise<Record<string, unknown>> {
  try {
    const value: unknown = await request.json();
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
