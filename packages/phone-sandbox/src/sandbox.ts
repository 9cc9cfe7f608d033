import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Hono } from 'hono';
import { SandboxAccessGuard } from './access-guard';
import { SANDBOX_SOUND_NAMES } from './browser/sounds';
import { BurstRunner } from './control/burst';
import { FaultInjector } from './control/faults';
import { controlRoutes } from './control/routes';
import { type PhoneSandboxOptions, resolveOptions } from './options';
import { NumberBehaviors } from './pstn/magic-numbers';
import { Messaging } from './pstn/messaging';
import { OptOutRegistry } from './pstn/opt-out';
import { PhoneHub } from './pstn/phone-hub';
import { phonePageHtml } from './pstn/phone-page';
import { restRoutes } from './rest/routes';
import { SandboxStore } from './store';
import { VoiceEngine } from './voice/engine';
import { SignalingGateway } from './voice/gateway';
import { soundWav } from './voice/sounds';
import { createWebhookSender } from './webhooks/deliver';

export interface PhoneSandbox {
  /** Mount under `basePath`: `server.route(basePath, sandbox.app)`. */
  app: Hono;
  /**
   * Call from the node server's `'upgrade'` event for any path under `basePath`. Handles
   * `<base>/signal` (the Voice SDK) and `<base>/phone/socket` (the phone simulator); returns false
   * (and leaves the socket alone) for anything else.
   */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  control: {
    store: SandboxStore;
    behaviors: NumberBehaviors;
    engine: VoiceEngine;
    gateway: SignalingGateway;
    hub: PhoneHub;
    messaging: Messaging;
    optOuts: OptOutRegistry;
    faults: FaultInjector;
    bursts: BurstRunner;
  };
  close(): void;
}

/** Twilio in a box: REST, webhooks, the Voice SDK's gateway, TwiML, media and simulated phones. */
export function createPhoneSandbox(input: PhoneSandboxOptions): PhoneSandbox {
  const options = resolveOptions(input);
  const store = new SandboxStore();
  const behaviors = new NumberBehaviors();
  const optOuts = new OptOutRegistry();
  const faults = new FaultInjector();
  const webhooks = createWebhookSender({ ...options, faults });
  let engine: VoiceEngine | null = null;
  const getEngine = () => {
    if (!engine) throw new Error('engine not ready');
    return engine;
  };
  const hub = new PhoneHub({
    options,
    store,
    behaviors,
    engine: getEngine,
    sendSms: (from, to, body, media) => messaging.receive(from, to, body, media),
  });
  const messaging: Messaging = new Messaging({
    options,
    store,
    webhooks,
    behaviors,
    optOuts,
    deliverToPhone: (message) => hub.deliverSms(message),
  });
  const bursts = new BurstRunner(messaging);
  const gateway = new SignalingGateway({ options, store, engine: getEngine });
  engine = new VoiceEngine({
    options,
    store,
    webhooks,
    terminals: {
      client: (identity) => gateway.terminal(identity),
      number: (phoneNumber) => hub.terminal(phoneNumber),
    },
    sendMessage: async (from, to, body) => {
      try {
        messaging.create({ from, to, body, statusCallback: null, direction: 'outbound-reply' });
      } catch (error) {
        options.logger.warn('<Message> not sent', { error: String(error) });
      }
    },
  });

  const guard = new SandboxAccessGuard(options.accessToken);
  const app = new Hono();
  app.use('*', guard.limitBody());
  app.use('/control/*', guard.control());
  app.use('/phone', guard.phonePage(options.basePath));
  app.route('/', restRoutes({ options, store, messaging, engine, faults }));
  app.route(
    '/',
    controlRoutes({ store, behaviors, hub, messaging, engine, gateway, optOuts, faults, bursts }),
  );
  app.get('/phone', (c) => c.html(phonePageHtml(options.basePath, options.suggestedCallers)));
  // The Voice SDK's ringtones and key tones, generated here (see `sandboxSoundUrls`).
  app.get('/sounds/:file{[a-z0-9]+\\.wav}', (c) => {
    const name = SANDBOX_SOUND_NAMES.find((n) => `${n}.wav` === c.req.param('file'));
    if (!name) return c.notFound();
    return c.body(new Uint8Array(soundWav(name)), 200, {
      'Content-Type': 'audio/wav',
      'Cache-Control': 'public, max-age=86400',
    });
  });

  const voiceEngine = engine;
  return {
    app,
    handleUpgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://sandbox');
      if (url.pathname === `${options.basePath}/signal`) {
        gateway.handleUpgrade(req, socket, head);
        return true;
      }
      if (url.pathname === `${options.basePath}/phone/socket`) {
        if (!guard.allowsUpgrade(req)) {
          socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
          return true;
        }
        const number = url.searchParams.get('number') ?? '';
        hub.handleUpgrade(req, socket, head, number);
        return true;
      }
      return false;
    },
    control: {
      store,
      behaviors,
      engine: voiceEngine,
      gateway,
      hub,
      messaging,
      optOuts,
      faults,
      bursts,
    },
    close() {
      voiceEngine.close();
      gateway.close();
      hub.close();
    },
  };
}
