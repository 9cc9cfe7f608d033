import { Hono } from 'hono';
import type { NumberBehaviors, SmsBehavior, VoiceBehavior } from '../pstn/magic-numbers';
import { isE164 } from '../pstn/magic-numbers';
import type { Messaging } from '../pstn/messaging';
import type { PhoneHub } from '../pstn/phone-hub';
import type { SandboxStore } from '../store';
import type { VoiceEngine } from '../voice/engine';
import type { SignalingGateway } from '../voice/gateway';

export interface ControlDeps {
  store: SandboxStore;
  behaviors: NumberBehaviors;
  hub: PhoneHub;
  messaging: Messaging;
  engine: VoiceEngine;
  gateway: SignalingGateway;
}

const VOICE: readonly VoiceBehavior[] = ['answer', 'busy', 'no-answer', 'decline', 'invalid'];
const SMS: readonly SmsBehavior[] = [
  'deliver',
  'invalid',
  'cannot-route',
  'no-international',
  'unsubscribed',
  'not-sms-capable',
];

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

  app.get('/control/calls/:sid', (c) => {
    const record = deps.store.calls.get(c.req.param('sid'));
    if (!record) return c.json(bad('No such call'), 404);
    const children = [...deps.store.calls.values()].filter((r) => r.parentCallSid === record.sid);
    const media =
      deps.hub.simulatedCall(record.sid)?.media ?? deps.engine.legs.get(record.sid)?.media;
    return c.json({
      sid: record.sid,
      status: record.status,
      from: record.from,
      to: record.to,
      direction: record.direction,
      children: children.map((r) => ({ sid: r.sid, to: r.to, status: r.status })),
      mediaBytesReceived: media?.bytesReceived ?? null,
    });
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
    const message = await deps.messaging.receive(from, to, String(body.body ?? ''));
    return c.json({ sid: message?.sid ?? null }, 201);
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
    c.json(
      deps.store.messagesFor(c.req.param('number')).map((m) => ({
        sid: m.sid,
        from: m.from,
        to: m.to,
        body: m.body,
        status: m.status,
        direction: m.direction,
      })),
    ),
  );

  app.post('/control/reset', (c) => {
    deps.behaviors.reset();
    return c.json({ ok: true });
  });

  return app;
}

async function readJson(request: Request): Promise<Record<string, unknown>> {
  try {
    const value: unknown = await request.json();
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
