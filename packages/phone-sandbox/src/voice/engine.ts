import { newSid } from '../ids';
import { rfc2822 } from '../rest/serialize';
import type { CallDirection, CallRecord } from '../store';
import { runTwiml } from '../twiml/interpreter';
import type { CallControl, ChildRing, EngineDeps, TwimlSource } from './call-control';
import {
  type CallEvent,
  type CallStatus,
  type EndReason,
  FINAL_STATUSES,
  finalStatusFor,
} from './call-status';
import {
  type FarEnd,
  Leg,
  type LegEvents,
  type RingRequest,
  type StatusCallbackConfig,
} from './leg';
import { ServerMedia } from './server-media';

export interface InboundCall {
  from: string;
  to: string;
  offer: string | null;
  far: FarEnd;
  source: TwimlSource;
  applicationSid?: string | null;
  customParams?: Record<string, string>;
  callbacks?: StatusCallbackConfig[];
  phoneNumberSid?: string | null;
}

export interface ApiCall {
  from: string;
  to: string;
  source: TwimlSource;
  callback: StatusCallbackConfig | null;
  timeoutSeconds: number;
}

const API_VERSION = '2010-04-01';

/** Runs calls: legs, their status callbacks, TwiML, ringing devices and bridging media. */
export class VoiceEngine implements CallControl {
  readonly legs = new Map<string, Leg>();

  constructor(readonly deps: EngineDeps) {}

  /** Scaled milliseconds, so tests can run rings and pauses fast. */
  ms(milliseconds: number): number {
    return Math.max(0, Math.round(milliseconds * this.deps.options.timeScale));
  }

  private newLeg(fields: {
    from: string;
    to: string;
    direction: CallDirection;
    status: CallStatus;
    parentCallSid?: string | null;
    phoneNumberSid?: string | null;
  }): Leg {
    const now = new Date();
    const record: CallRecord = {
      sid: newSid('CA'),
      parentCallSid: fields.parentCallSid ?? null,
      from: fields.from,
      to: fields.to,
      direction: fields.direction,
      status: fields.status,
      phoneNumberSid: fields.phoneNumberSid ?? null,
      dateCreated: now,
      dateUpdated: now,
      startTime: null,
      answerTime: null,
      endTime: null,
    };
    this.deps.store.calls.set(record.sid, record);
    const leg = new Leg(record);
    this.legs.set(record.sid, leg);
    return leg;
  }

  /** A call that arrives at the sandbox (from a simulated phone or a browser) and runs TwiML. */
  startInbound(call: InboundCall): { callSid: string; events: LegEvents } {
    const leg = this.newLeg({
      from: call.from,
      to: call.to,
      direction: 'inbound',
      status: 'ringing',
      phoneNumberSid: call.phoneNumberSid ?? null,
    });
    leg.record.startTime = new Date();
    leg.far = call.far;
    leg.offer = call.offer;
    leg.applicationSid = call.applicationSid ?? null;
    leg.customParams = call.customParams ?? {};
    leg.callbacks = call.callbacks ?? [];
    void this.run(leg, call.source);
    return { callSid: leg.sid, events: this.callerEvents(leg) };
  }

  /** A call the app places through the REST API: ring `to`, then run TwiML once answered. */
  startApiCall(call: ApiCall): CallRecord {
    const leg = this.newLeg({
      from: call.from,
      to: call.to,
      direction: 'outbound-api',
      status: 'queued',
    });
    if (call.callback) leg.callbacks = [call.callback];
    queueMicrotask(() => {
      void this.ringApiLeg(leg, call);
    });
    return leg.record;
  }

  private async ringApiLeg(leg: Leg, call: ApiCall): Promise<void> {
    await this.statusEvent(leg, 'initiated');
    if (leg.ended) return;
    const terminal = call.to.startsWith('client:')
      ? this.deps.terminals.client(call.to.slice('client:'.length))
      : this.deps.terminals.number(call.to);
    const { media, sdp } = await ServerMedia.offer();
    leg.media = media;
    leg.record.startTime = new Date();
    const timer = setTimeout(
      () => {
        if (!leg.answered && !leg.ended) {
          leg.far?.end('canceled');
          this.finish(leg, 'no-answer');
        }
      },
      this.ms(call.timeoutSeconds * 1000),
    );
    leg.onEnd(() => clearTimeout(timer));
    leg.far = terminal.ring(
      { callSid: leg.sid, from: call.from, to: call.to, offer: sdp, parameters: {} },
      {
        ringing: () => this.setRinging(leg),
        answered: (answer) => {
          clearTimeout(timer);
          if (leg.ended || leg.answered) return;
          if (answer) void media.acceptAnswer(answer).catch(() => {});
          this.setAnswered(leg);
          void this.run(leg, call.source);
        },
        ended: (reason) => this.farEnded(leg, reason),
        dtmf: (digits) => leg.emitDtmf(digits),
      },
    );
  }

  /** Events for the device that placed a call. */
  private callerEvents(leg: Leg): LegEvents {
    return {
      ringing: () => {},
      answered: () => {},
      ended: (reason) => this.farEnded(leg, reason),
      dtmf: (digits) => leg.emitDtmf(digits),
    };
  }

  /** The far end of `leg` went away. */
  farEnded(leg: Leg, reason: EndReason): void {
    if (leg.ended) return;
    this.finish(leg, finalStatusFor(reason, leg.answered));
  }

  setRinging(leg: Leg): void {
    if (leg.ended || leg.answered || leg.record.status === 'ringing') return;
    this.setStatus(leg, 'ringing');
    void this.statusEvent(leg, 'ringing');
  }

  setAnswered(leg: Leg): void {
    if (leg.ended || leg.answered) return;
    leg.answered = true;
    leg.record.answerTime = new Date();
    this.setStatus(leg, 'in-progress');
    void this.statusEvent(leg, 'answered');
  }

  /**
   * Answers a leg with the sandbox's own media (for Say, Play, Record, Gather when nothing was
   * dialled). A leg without an offer is connected without media.
   */
  async answerWithServerMedia(leg: Leg): Promise<void> {
    if (leg.ended) return;
    if (leg.offer !== null && leg.media === null) {
      const offer = leg.offer;
      leg.offer = null;
      try {
        const { media, sdp } = await ServerMedia.answer(offer);
        if (leg.ended) {
          media.close();
          return;
        }
        leg.media = media;
        leg.far?.connect(sdp);
      } catch (error) {
        this.deps.options.logger.warn('server media failed', { error: String(error) });
        leg.far?.connect(null);
      }
    } else if (!leg.answered) {
      leg.far?.connect(null);
    }
    this.setAnswered(leg);
  }

  /** Ends a leg from the sandbox's side (Hangup verb, REST update, end of TwiML). */
  hangup(leg: Leg, reason: EndReason = 'hangup', status?: CallStatus): void {
    if (leg.ended) return;
    leg.far?.end(reason);
    this.finish(leg, status ?? (leg.answered ? 'completed' : finalStatusFor(reason, false)));
  }

  finish(leg: Leg, status: CallStatus): void {
    if (leg.ended) return;
    leg.record.endTime = new Date();
    this.setStatus(leg, status);
    leg.media?.close();
    leg.markEnded();
    void this.statusEvent(leg, 'completed');
  }

  private setStatus(leg: Leg, status: CallStatus): void {
    leg.record.status = status;
    leg.record.dateUpdated = new Date();
  }

  /** Replaces the TwiML a live call runs (REST update with Url or Twiml). */
  redirect(leg: Leg, source: TwimlSource): void {
    if (leg.ended) return;
    leg.program.abort();
    leg.program = new AbortController();
    void this.run(leg, source);
  }

  /** Fetches (or takes) TwiML and runs it; a leg whose TwiML runs out is hung up. */
  async run(leg: Leg, source: TwimlSource, extra: Record<string, string> = {}): Promise<void> {
    const program = leg.program;
    const xml = 'twiml' in source ? source.twiml : await this.fetchTwiml(leg, source, extra);
    if (leg.ended || program.signal.aborted) return;
    if (xml === null) {
      this.hangup(leg, 'failed');
      return;
    }
    await runTwiml(this, leg, xml, program.signal, 'url' in source ? source.url : null);
  }

  /** Requests TwiML from the app; null when the app could not be reached or failed. */
  async fetchTwiml(
    leg: Leg,
    source: { url: string; method: string },
    extra: Record<string, string> = {},
  ): Promise<string | null> {
    const result = await this.deps.webhooks.send(
      source.url,
      { ...this.callParams(leg), ...extra },
      source.method,
    );
    if (!result.ok) return null;
    return result.body;
  }

  /** The parameters Twilio sends with every voice request about `leg`. */
  callParams(leg: Leg): Record<string, string> {
    const r = leg.record;
    const params: Record<string, string> = {
      ...leg.customParams,
      AccountSid: this.deps.options.accountSid,
      ApiVersion: API_VERSION,
      CallSid: r.sid,
      CallStatus: r.status,
      Called: r.to,
      Caller: r.from,
      Direction: r.direction,
      From: r.from,
      To: r.to,
    };
    if (r.parentCallSid) params.ParentCallSid = r.parentCallSid;
    if (leg.applicationSid) params.ApplicationSid = leg.applicationSid;
    return params;
  }

  private async statusEvent(leg: Leg, event: CallEvent): Promise<void> {
    const targets = leg.callbacks.filter((c) => c.events.has(event));
    if (targets.length === 0) return;
    leg.sequence += 1;
    const params: Record<string, string> = {
      ...this.callParams(leg),
      CallbackSource: 'call-progress-events',
      SequenceNumber: String(leg.sequence - 1),
      Timestamp: rfc2822(new Date()) ?? '',
    };
    if (event === 'initiated') params.CallStatus = 'queued';
    if (FINAL_STATUSES.has(leg.record.status)) {
      const r = leg.record;
      const seconds =
        r.answerTime && r.endTime
          ? Math.round((r.endTime.getTime() - r.answerTime.getTime()) / 1000)
          : 0;
      params.CallDuration = String(seconds);
      params.Duration = String(Math.ceil(seconds / 60));
    }
    await Promise.all(targets.map((t) => this.deps.webhooks.send(t.url, params, t.method)));
  }

  /** Rings one `<Dial>` target as a child leg of `parent`. */
  ringChild(
    ring: ChildRing,
    events: {
      ringing(): void;
      answered(child: Leg, sdp: string | null): void;
      ended(child: Leg, reason: EndReason): void;
    },
  ): Leg {
    const { parent } = ring;
    const child = this.newLeg({
      from: ring.from,
      to: ring.to,
      direction: 'outbound-dial',
      status: 'queued',
      parentCallSid: parent.sid,
    });
    if (ring.callback) child.callbacks = [ring.callback];
    child.record.startTime = new Date();
    void (async () => {
      await this.statusEvent(child, 'initiated');
      if (child.ended) return;
      let offer = ring.relayOffer;
      if (offer === null) {
        // The caller's media is terminated here (or will be): give the child its own server-side
        // peer, bridged to the caller's once answered.
        const created = await ServerMedia.offer();
        if (child.ended) {
          created.media.close();
          return;
        }
        child.media = created.media;
        offer = created.sdp;
      }
      const request: RingRequest = {
        callSid: child.sid,
        from: ring.from,
        to: ring.to,
        offer,
        parameters: ring.parameters,
      };
      child.far = ring.terminal.ring(request, {
        ringing: () => {
          this.setRinging(child);
          events.ringing();
        },
        answered: (sdp) => {
          if (child.ended || child.answered) return;
          if (child.media && sdp) void child.media.acceptAnswer(sdp).catch(() => {});
          this.setAnswered(child);
          events.answered(child, sdp);
        },
        ended: (reason) => {
          if (child.ended) return;
          this.farEnded(child, reason);
          events.ended(child, reason);
        },
        dtmf: (digits) => parent.emitDtmf(digits),
      });
    })();
    return child;
  }

  /**
   * A device on `leg` sent a new offer (the SDK's `reinvite` for an ICE restart): whoever holds the
   * other end of its media answers it — the sandbox's own peer, or the device it was relayed to.
   */
  async renegotiate(leg: Leg, offer: string): Promise<string> {
    if (leg.ended) throw new Error('call has ended');
    if (leg.media) return leg.media.renegotiate(offer);
    const other = leg.relayedTo;
    if (other && !other.ended && other.far?.renegotiate) return other.far.renegotiate(offer);
    throw new Error('the far end cannot renegotiate');
  }

  close(): void {
    for (const leg of this.legs.values()) this.hangup(leg);
  }
}
