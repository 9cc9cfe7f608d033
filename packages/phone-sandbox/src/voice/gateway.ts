import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import type { ResolvedOptions } from '../options';
import type { SandboxStore } from '../store';
import { type VoiceToken, verifyVoiceToken } from './access-token';
import type { EndReason } from './call-status';
import type { VoiceEngine } from './engine';
import type { FarEnd, LegEvents, RingRequest, Terminal } from './leg';

/** The signalling protocol version `@twilio/voice-sdk` 2.18 speaks (`pstream.ts`). */
export const PSTREAM_VERSION = '1.6';
/** Heartbeat intervals without any frame from a device before the gateway drops it. */
const MISSED_HEARTBEATS = 3;

/** The error a caller's SDK gets when its call ends for `reason` (codes from the SDK's errors). */
const HANGUP_ERRORS: Partial<Record<EndReason, { code: number; message: string }>> = {
  busy: { code: 31486, message: 'Busy Here' },
  'no-answer': { code: 31480, message: 'Temporarily Unavailable' },
  declined: { code: 31603, message: 'Decline' },
  'not-found': { code: 31404, message: 'Not Found' },
  failed: { code: 31000, message: 'Call failed' },
};

interface Frame {
  type: string;
  payload: Record<string, unknown>;
}

/** A call this session placed (invite). */
interface OutgoingCall {
  callSid: string;
  tempSid: string;
  events: LegEvents;
}

/** A `client:` leg ringing every registered device of one identity. */
class ClientRing {
  readonly sessions = new Set<Session>();
  answeredBy: Session | null = null;
  done = false;

  constructor(
    readonly callSid: string,
    readonly events: LegEvents,
  ) {}
}

class Session {
  token: VoiceToken | null = null;
  registered = false;
  readonly outgoing = new Map<string, OutgoingCall>();
  private readonly heartbeat: NodeJS.Timeout;
  private lastHeard = Date.now();

  constructor(
    readonly socket: WebSocket,
    private readonly gateway: SignalingGateway,
    heartbeatMs: number,
  ) {
    // The SDK echoes every "\n"; a device that stays silent for a few beats is gone (a closed
    // laptop lid, a dead network) and is dropped, so its calls end and it stops being rung.
    this.heartbeat = setInterval(() => {
      if (Date.now() - this.lastHeard > MISSED_HEARTBEATS * heartbeatMs) {
        this.close();
        this.gateway.dropSession(this);
        return;
      }
      this.sendRaw('\n');
    }, heartbeatMs);
    socket.on('message', (data) => this.onMessage(data));
    socket.on('close', () => this.onClose());
    socket.on('error', () => this.onClose());
  }

  send(type: string, payload: Record<string, unknown>): void {
    this.sendRaw(JSON.stringify({ type, version: PSTREAM_VERSION, payload }));
  }

  private sendRaw(text: string): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(text);
  }

  private onMessage(data: RawData): void {
    this.lastHeard = Date.now();
    const text = data.toString();
    if (text === '\n') return;
    let frame: Frame;
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null) return;
      const { type, payload } = parsed as { type?: unknown; payload?: unknown };
      if (typeof type !== 'string') return;
      frame = {
        type,
        payload:
          typeof payload === 'object' && payload !== null
            ? (payload as Record<string, unknown>)
            : {},
      };
    } catch {
      return;
    }
    this.gateway.handle(this, frame);
  }

  findOutgoing(callSid: string): OutgoingCall | undefined {
    for (const call of this.outgoing.values()) {
      if (call.callSid === callSid || call.tempSid === callSid) return call;
    }
    return undefined;
  }

  private onClose(): void {
    clearInterval(this.heartbeat);
    this.gateway.dropSession(this);
  }

  close(): void {
    clearInterval(this.heartbeat);
    this.socket.terminate();
  }
}

export interface GatewayDeps {
  options: ResolvedOptions;
  store: SandboxStore;
  engine: () => VoiceEngine;
}

/**
 * The Voice SDK's signalling gateway (what `wss://voice-js.roaming.twilio.com/signal` is for
 * Twilio): PStream 1.6 JSON frames over a WebSocket, validating our own access tokens.
 */
export class SignalingGateway {
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly sessions = new Set<Session>();
  private readonly rings = new Map<string, ClientRing>();

  constructor(private readonly deps: GatewayDeps) {}

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      this.sessions.add(new Session(ws, this, this.deps.options.heartbeatMs));
    });
  }

  /** Registered devices, by identity, for the control API and tests. */
  registeredIdentities(): string[] {
    return [...this.sessions].flatMap((s) => (s.registered && s.token ? [s.token.identity] : []));
  }

  handle(session: Session, { type, payload }: Frame): void {
    switch (type) {
      case 'listen':
        this.onListen(session, payload);
        return;
      case 'register':
        this.onRegister(session, payload);
        return;
      case 'invite':
        this.onInvite(session, payload);
        return;
      case 'answer':
        this.onAnswer(session, payload);
        return;
      case 'reject':
        this.onReject(session, payload);
        return;
      case 'hangup':
        this.onHangup(session, payload);
        return;
      case 'dtmf':
        this.onDtmf(session, payload);
        return;
      case 'reinvite':
        this.onReinvite(session, payload);
        return;
      case 'message':
        session.send('ack', {
          acktype: 'message',
          callsid: payload.callsid,
          voiceeventsid: payload.voiceeventsid,
        });
        return;
      default:
        this.deps.options.logger.warn('unknown signalling message', { type });
    }
  }

  private onListen(session: Session, payload: Record<string, unknown>): void {
    const { options } = this.deps;
    const check = verifyVoiceToken(payload.token, options);
    if (!check.ok) {
      session.token = null;
      session.registered = false;
      session.send('error', { error: { code: check.code, message: check.message } });
      return;
    }
    session.token = check.token;
    session.send('connected', {
      region: 'sandbox',
      edge: 'sandbox',
      home: 'sandbox',
      token: {
        identity: check.token.identity,
        ttl: Math.max(0, Math.floor((check.token.expiresAt - Date.now()) / 1000)),
      },
    });
  }

  private onRegister(session: Session, payload: Record<string, unknown>): void {
    if (!session.token || session.token.expiresAt <= Date.now()) {
      session.send('error', { error: { code: 31205, message: 'JWT token expired' } });
      return;
    }
    const media = payload.media as { audio?: unknown } | undefined;
    session.registered = media?.audio === true && session.token.incomingAllow;
    session.send(session.registered ? 'ready' : 'offline', {});
  }

  private onInvite(session: Session, payload: Record<string, unknown>): void {
    const tempSid = typeof payload.callsid === 'string' ? payload.callsid : '';
    const sdp = typeof payload.sdp === 'string' ? payload.sdp : null;
    const token = session.token;
    const fail = (code: number, message: string) =>
      session.send('hangup', { callsid: tempSid, error: { code, message } });
    if (!token || token.expiresAt <= Date.now()) {
      fail(31205, 'JWT token expired');
      return;
    }
    if (payload.reconnect !== undefined || !sdp) {
      fail(
        31000,
        payload.reconnect !== undefined ? 'Reconnect is not supported' : 'Invite without SDP',
      );
      return;
    }
    const app = token.applicationSid
      ? this.deps.store.applications.get(token.applicationSid)
      : undefined;
    if (!app?.voiceUrl) {
      fail(31404, 'Not Found');
      return;
    }
    const twilio = payload.twilio as { params?: unknown } | undefined;
    const customParams = Object.fromEntries(
      new URLSearchParams(typeof twilio?.params === 'string' ? twilio.params : ''),
    );
    let callSid = '';
    const far: FarEnd = {
      ringing: () => session.send('ringing', { callsid: callSid }),
      connect: (answer) => session.send('answer', { callsid: callSid, sdp: answer ?? '' }),
      end: (reason) => {
        session.outgoing.delete(callSid);
        const error = HANGUP_ERRORS[reason];
        session.send('hangup', error ? { callsid: tempSid, error } : { callsid: tempSid });
      },
    };
    const started = this.deps.engine().startInbound({
      from: `client:${token.identity}`,
      to: customParams.To ?? '',
      offer: sdp,
      far,
      source: { url: app.voiceUrl, method: app.voiceMethod },
      applicationSid: app.sid,
      customParams,
      callbacks: app.statusCallback
        ? [
            {
              url: app.statusCallback,
              method: app.statusCallbackMethod,
              events: new Set(['completed']),
            },
          ]
        : [],
    });
    callSid = started.callSid;
    session.outgoing.set(callSid, { callSid, tempSid, events: started.events });
  }

  private ringFor(payload: Record<string, unknown>): ClientRing | undefined {
    return typeof payload.callsid === 'string' ? this.rings.get(payload.callsid) : undefined;
  }

  private onAnswer(session: Session, payload: Record<string, unknown>): void {
    const ring = this.ringFor(payload);
    if (!ring || ring.done || ring.answeredBy || !ring.sessions.has(session)) return;
    ring.answeredBy = session;
    // Answered here: every other device of this identity stops ringing.
    for (const other of ring.sessions) {
      if (other !== session) other.send('cancel', { callsid: ring.callSid });
    }
    ring.sessions.clear();
    ring.sessions.add(session);
    ring.events.answered(typeof payload.sdp === 'string' ? payload.sdp : null);
  }

  private onReject(session: Session, payload: Record<string, unknown>): void {
    const ring = this.ringFor(payload);
    if (!ring || ring.done || ring.answeredBy) return;
    ring.sessions.delete(session);
    if (ring.sessions.size === 0) this.endRing(ring, 'declined');
  }

  private onHangup(session: Session, payload: Record<string, unknown>): void {
    const callSid = typeof payload.callsid === 'string' ? payload.callsid : '';
    const outgoing = session.findOutgoing(callSid);
    if (outgoing) {
      session.outgoing.delete(outgoing.callSid);
      outgoing.events.ended('hangup');
      return;
    }
    const ring = this.rings.get(callSid);
    if (!ring || ring.done) return;
    if (ring.answeredBy === session) this.endRing(ring, 'hangup');
    else this.onReject(session, payload);
  }

  private onDtmf(session: Session, payload: Record<string, unknown>): void {
    const callSid = typeof payload.callsid === 'string' ? payload.callsid : '';
    const digits = typeof payload.dtmf === 'string' ? payload.dtmf : '';
    if (digits === '') return;
    const target = session.findOutgoing(callSid)?.events ?? this.rings.get(callSid)?.events;
    target?.dtmf(digits);
  }

  /**
   * An ICE restart: the SDK sends a new offer for a call in progress and waits for `answer`. The
   * far end answers it: the sandbox's own peer renegotiates, or a phone page that the call's SDP
   * was relayed to answers the offer itself.
   */
  private onReinvite(session: Session, payload: Record<string, unknown>): void {
    const callSid = typeof payload.callsid === 'string' ? payload.callsid : '';
    const sdp = typeof payload.sdp === 'string' ? payload.sdp : '';
    const ring = this.rings.get(callSid);
    const legSid =
      session.findOutgoing(callSid)?.callSid ??
      (ring?.answeredBy === session ? ring.callSid : undefined);
    const leg = legSid ? this.deps.engine().legs.get(legSid) : undefined;
    const fail = (message: string) =>
      session.send('error', { callsid: callSid, error: { code: 31000, message } });
    if (!leg || sdp === '') {
      fail(sdp === '' ? 'Reinvite without SDP' : 'No such call in progress');
      return;
    }
    this.deps
      .engine()
      .renegotiate(leg, sdp)
      .then(
        (answer) => session.send('answer', { callsid: leg.sid, sdp: answer }),
        (error: unknown) => {
          this.deps.options.logger.warn('reinvite failed', { callSid, error: String(error) });
          fail(`Reinvite failed: ${String(error)}`);
        },
      );
  }

  private endRing(ring: ClientRing, reason: EndReason): void {
    if (ring.done) return;
    ring.done = true;
    this.rings.delete(ring.callSid);
    ring.events.ended(reason);
  }

  /** Rings every registered device of `identity` (a `<Client>` noun or a REST call to `client:`). */
  terminal(identity: string): Terminal {
    return {
      ring: (request: RingRequest, events: LegEvents): FarEnd => {
        const ring = new ClientRing(request.callSid, events);
        for (const s of this.sessions) {
          if (s.registered && s.token?.identity === identity) ring.sessions.add(s);
        }
        this.rings.set(ring.callSid, ring);
        if (ring.sessions.size === 0) {
          setTimeout(() => this.endRing(ring, 'no-answer'), 0);
        } else {
          const parameters = {
            ...request.parameters,
            CallSid: request.callSid,
            AccountSid: this.deps.options.accountSid,
            From: request.from,
            To: request.to,
            ApiVersion: '2010-04-01',
          };
          const params = new URLSearchParams(request.parameters).toString();
          for (const s of ring.sessions) {
            s.send('invite', {
              callsid: request.callSid,
              sdp: request.offer,
              parameters: params === '' ? parameters : { ...parameters, Params: params },
            });
          }
          setTimeout(() => {
            if (!ring.done) events.ringing();
          }, 0);
        }
        return {
          ringing: () => {},
          connect: () => {},
          end: () => {
            if (ring.done) return;
            ring.done = true;
            this.rings.delete(ring.callSid);
            const type = ring.answeredBy ? 'hangup' : 'cancel';
            for (const s of ring.sessions) s.send(type, { callsid: ring.callSid });
          },
        };
      },
    };
  }

  dropSession(session: Session): void {
    if (!this.sessions.delete(session)) return;
    for (const call of session.outgoing.values()) call.events.ended('hangup');
    session.outgoing.clear();
    for (const ring of [...this.rings.values()]) {
      if (!ring.sessions.has(session)) continue;
      if (ring.answeredBy === session) this.endRing(ring, 'hangup');
      else {
        ring.sessions.delete(session);
        if (ring.sessions.size === 0 && !ring.answeredBy) this.endRing(ring, 'no-answer');
      }
    }
  }

  close(): void {
    for (const session of this.sessions) session.close();
    this.sessions.clear();
    this.wss.close();
  }
}
