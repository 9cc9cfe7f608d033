import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import type { ResolvedOptions } from '../options';
import type { MediaInput, MessageRecord, SandboxStore } from '../store';
import type { EndReason } from '../voice/call-status';
import type { VoiceEngine } from '../voice/engine';
import type { FarEnd, LegEvents, RingRequest, Terminal } from '../voice/leg';
import { speechTones } from '../voice/mulaw';
import { ServerMedia } from '../voice/server-media';
import type { NumberBehaviors } from './magic-numbers';
import { parseMedia } from './messaging';

/** Frames between the phone simulator page and the sandbox (its own small protocol). */
type PageMessage =
  | { type: 'dial'; id: string; to: string; sdp: string }
  | { type: 'answer'; callSid: string; sdp: string }
  | { type: 'decline'; callSid: string }
  | { type: 'hangup'; callSid: string }
  | { type: 'dtmf'; callSid: string; digits: string }
  | { type: 'reanswer'; id: string; sdp: string | null }
  | { type: 'sms'; to: string; body: string; media?: unknown };

interface PageCall {
  /** For calls the page placed: how to tell the engine the page hung up. */
  events: LegEvents | null;
  /** For calls ringing the page. */
  ring: PageRing | null;
}

class PageRing {
  readonly pages = new Set<PhonePage>();
  answeredBy: PhonePage | null = null;
  done = false;
  constructor(
    readonly callSid: string,
    readonly events: LegEvents,
  ) {}
}

class PhonePage {
  readonly calls = new Map<string, PageCall>();
  constructor(
    readonly number: string,
    readonly socket: WebSocket,
  ) {}

  send(message: Record<string, unknown>): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }
}

export interface HubDeps {
  options: ResolvedOptions;
  store: SandboxStore;
  behaviors: NumberBehaviors;
  engine: () => VoiceEngine;
  /** Sends an SMS a simulated phone writes. */
  sendSms(from: string, to: string, body: string, media: MediaInput[]): Promise<unknown>;
}

/** A call the control API placed, with the sandbox playing the caller. */
export interface SimulatedCall {
  callSid: string;
  events: LegEvents;
  media: ServerMedia;
}

/**
 * The simulated telephone network: phone simulator pages connected by WebSocket, and numbers with
 * no page open that answer (with the server-side peer), ring out, are busy or decline.
 */
export class PhoneHub {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly pages = new Set<PhonePage>();
  private readonly simulated = new Map<string, SimulatedCall>();
  /** Renegotiations waiting for a page's answer, by request id. */
  private readonly reoffers = new Map<string, (sdp: string | null) => void>();
  private nextReofferId = 1;

  constructor(private readonly deps: HubDeps) {}

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, number: string): void {
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const page = new PhonePage(number, ws);
      this.pages.add(page);
      page.send({
        type: 'hello',
        number,
        inbox: this.deps.store.messagesFor(number).map(smsView),
        // The numbers businesses hold at this carrier: what a customer would call or text.
        businessNumbers: [...this.deps.store.phoneNumbers.values()].map((n) => n.phoneNumber),
      });
      ws.on('message', (data) => this.onPageMessage(page, data));
      ws.on('close', () => this.dropPage(page));
    });
  }

  pagesFor(number: string): PhonePage[] {
    return [...this.pages].filter((p) => p.number === number);
  }

  /** A text reached a simulated number: show it on its open pages. */
  deliverSms(message: MessageRecord): void {
    for (const page of this.pagesFor(message.to))
      page.send({ type: 'sms', message: smsView(message) });
  }

  private onPageMessage(page: PhonePage, data: RawData): void {
    let message: PageMessage;
    try {
      message = JSON.parse(data.toString()) as PageMessage;
    } catch {
      return;
    }
    switch (message.type) {
      case 'dial': {
        let callSid = '';
        const far: FarEnd = {
          ringing: () => page.send({ type: 'ringing', callSid }),
          connect: (sdp) => page.send({ type: 'answered', callSid, sdp }),
          end: (reason) => {
            page.calls.delete(callSid);
            page.send({ type: 'ended', callSid, reason });
          },
          renegotiate: (offer) => this.reoffer(page, callSid, offer),
        };
        const started = this.callBusiness(page.number, message.to, message.sdp, far);
        if (!started) {
          page.send({ type: 'ended', id: message.id, callSid: '', reason: 'not-found' });
          return;
        }
        callSid = started.callSid;
        page.calls.set(callSid, { events: started.events, ring: null });
        page.send({ type: 'dialing', id: message.id, callSid });
        return;
      }
      case 'answer': {
        const ring = page.calls.get(message.callSid)?.ring;
        if (!ring || ring.done || ring.answeredBy) return;
        ring.answeredBy = page;
        for (const other of ring.pages) {
          if (other !== page) other.send({ type: 'cancel', callSid: ring.callSid });
        }
        ring.events.answered(message.sdp);
        return;
      }
      case 'decline': {
        const ring = page.calls.get(message.callSid)?.ring;
        if (!ring || ring.done || ring.answeredBy) return;
        ring.pages.delete(page);
        page.calls.delete(message.callSid);
        if (ring.pages.size === 0) {
          ring.done = true;
          ring.events.ended('declined');
        }
        return;
      }
      case 'hangup': {
        const call = page.calls.get(message.callSid);
        page.calls.delete(message.callSid);
        if (call?.events) call.events.ended('hangup');
        if (call?.ring && !call.ring.done) {
          call.ring.done = true;
          call.ring.events.ended(call.ring.answeredBy ? 'hangup' : 'declined');
        }
        return;
      }
      case 'dtmf': {
        const call = page.calls.get(message.callSid);
        (call?.events ?? call?.ring?.events)?.dtmf(message.digits);
        return;
      }
      case 'sms': {
        const media = parseMedia(message.media);
        if (typeof media === 'string') {
          page.send({ type: 'error', message: media });
          return;
        }
        void this.deps.sendSms(page.number, message.to, message.body, media);
        return;
      }
      case 'reanswer':
        this.reoffers.get(message.id)?.(message.sdp);
        return;
    }
  }

  /** Asks a page to answer a new offer on its call (the other device restarted ICE). */
  private reoffer(page: PhonePage, callSid: string, offer: string): Promise<string> {
    const id = String(this.nextReofferId++);
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => done(null), 10_000);
      const done = (sdp: string | null) => {
        clearTimeout(timer);
        this.reoffers.delete(id);
        if (sdp) resolve(sdp);
        else reject(new Error('the phone page did not answer the new offer'));
      };
      this.reoffers.set(id, done);
      page.send({ type: 'reoffer', id, callSid, sdp: offer });
    });
  }

  private dropPage(page: PhonePage): void {
    this.pages.delete(page);
    for (const [callSid, call] of page.calls) {
      call.events?.ended('hangup');
      const ring = call.ring;
      if (!ring || ring.done) continue;
      ring.pages.delete(page);
      if (ring.answeredBy === page || ring.pages.size === 0) {
        ring.done = true;
        ring.events.ended(ring.answeredBy === page ? 'hangup' : 'no-answer');
      }
      page.calls.delete(callSid);
    }
  }

  /**
   * A simulated phone calls a business number: the call runs the number's voice URL (or its
   * TwiML app's). Returns null when nobody owns the number.
   */
  callBusiness(
    from: string,
    to: string,
    offer: string | null,
    far: FarEnd,
  ): { callSid: string; events: LegEvents } | null {
    const { store } = this.deps;
    const number = store.findNumber(to);
    if (!number) return null;
    const app = number.voiceApplicationSid
      ? store.applications.get(number.voiceApplicationSid)
      : undefined;
    const url = app?.voiceUrl ?? number.voiceUrl;
    if (!url) return null;
    return this.deps.engine().startInbound({
      from,
      to,
      offer,
      far,
      source: { url, method: app?.voiceMethod ?? number.voiceMethod },
      phoneNumberSid: number.sid,
      callbacks: number.statusCallback
        ? [
            {
              url: number.statusCallback,
              method: number.statusCallbackMethod,
              events: new Set(['completed']),
            },
          ]
        : [],
    });
  }

  /** Control API: the sandbox plays a caller dialling `to` from `from`, with no page open. */
  async placeSimulatedCall(from: string, to: string): Promise<SimulatedCall | null> {
    const { media, sdp } = await ServerMedia.offer();
    let talking: NodeJS.Timeout | undefined;
    const far: FarEnd = {
      ringing: () => {},
      connect: (answer) => {
        if (answer) void media.acceptAnswer(answer).catch(() => {});
        const say = () => void media.play(speechTones('Hello, this is a simulated caller.'));
        say();
        talking = setInterval(say, 4000);
      },
      end: () => {
        clearInterval(talking);
        media.close();
        this.simulated.delete(call.callSid);
      },
      renegotiate: (offer) => media.renegotiate(offer),
    };
    const started = this.callBusiness(from, to, sdp, far);
    if (!started) {
      media.close();
      return null;
    }
    const call: SimulatedCall = { callSid: started.callSid, events: started.events, media };
    this.simulated.set(call.callSid, call);
    return call;
  }

  simulatedCall(callSid: string): SimulatedCall | undefined {
    return this.simulated.get(callSid);
  }

  /** The terminal for a simulated number: its open pages, or its configured behaviour. */
  terminal(number: string): Terminal {
    return {
      ring: (request, events) => {
        const behavior = this.deps.behaviors.get(number).voice;
        const pages = this.pagesFor(number);
        if (behavior === 'answer' && pages.length > 0)
          return this.ringPages(pages, request, events);
        return this.ringUnattended(behavior, request, events);
      },
    };
  }

  private ringPages(pages: PhonePage[], request: RingRequest, events: LegEvents): FarEnd {
    const ring = new PageRing(request.callSid, events);
    for (const page of pages) {
      ring.pages.add(page);
      page.calls.set(request.callSid, { events: null, ring });
      page.send({
        type: 'incoming',
        callSid: request.callSid,
        from: request.from,
        sdp: request.offer,
      });
    }
    setTimeout(() => {
      if (!ring.done) events.ringing();
    }, 0);
    return {
      ringing: () => {},
      connect: () => {},
      end: (reason) => {
        if (ring.done) return;
        ring.done = true;
        const targets = ring.answeredBy ? [ring.answeredBy] : [...ring.pages];
        for (const page of targets) {
          page.calls.delete(ring.callSid);
          page.send({ type: ring.answeredBy ? 'ended' : 'cancel', callSid: ring.callSid, reason });
        }
      },
      renegotiate: (offer) =>
        ring.answeredBy && !ring.done
          ? this.reoffer(ring.answeredBy, ring.callSid, offer)
          : Promise.reject(new Error('not answered')),
    };
  }

  private ringUnattended(behavior: string, request: RingRequest, events: LegEvents): FarEnd {
    const ms = (n: number) => this.deps.engine().ms(n);
    const timers: NodeJS.Timeout[] = [];
    let media: ServerMedia | null = null;
    let talking: NodeJS.Timeout | undefined;
    let over = false;
    const later = (delay: number, action: () => void) => {
      timers.push(
        setTimeout(() => {
          if (!over) action();
        }, delay),
      );
    };
    const end = (reason: EndReason) => {
      over = true;
      events.ended(reason);
    };
    switch (behavior) {
      case 'invalid':
        later(0, () => end('not-found'));
        break;
      case 'busy':
        later(ms(300), () => end('busy'));
        break;
      case 'no-answer':
        later(0, () => events.ringing());
        break;
      case 'decline':
        later(0, () => events.ringing());
        later(ms(1000), () => end('declined'));
        break;
      default:
        later(0, () => events.ringing());
        later(ms(1500), () => {
          void ServerMedia.answer(request.offer).then(
            (answered) => {
              if (over) {
                answered.media.close();
                return;
              }
              media = answered.media;
              const say = () =>
                void answered.media.play(speechTones('Hello, you have reached a simulated phone.'));
              say();
              talking = setInterval(say, 4000);
              events.answered(answered.sdp);
            },
            () => end('failed'),
          );
        });
    }
    return {
      ringing: () => {},
      connect: () => {},
      end: () => {
        over = true;
        for (const t of timers) clearTimeout(t);
        clearInterval(talking);
        media?.close();
      },
      renegotiate: (offer) =>
        media ? media.renegotiate(offer) : Promise.reject(new Error('not answered')),
    };
  }

  close(): void {
    for (const page of this.pages) page.socket.terminate();
    this.pages.clear();
    for (const call of this.simulated.values()) call.media.close();
    this.wss.close();
  }
}

function smsView(m: MessageRecord) {
  return {
    sid: m.sid,
    from: m.from,
    to: m.to,
    body: m.body,
    numMedia: m.numMedia,
    status: m.status,
    date: m.dateCreated.toISOString(),
  };
}
