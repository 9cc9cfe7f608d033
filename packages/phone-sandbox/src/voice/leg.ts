import type { CallDirection, CallRecord } from '../store';
import type { CallEvent, EndReason } from './call-status';
import type { ServerMedia } from './server-media';

/** The device at the far end of a leg, as the engine drives it. */
export interface FarEnd {
  /** A caller hears that the far side rings (no-op for a device that was rung). */
  ringing(): void;
  /**
   * The call is connected. For a caller, `sdp` answers the offer it sent; for a device that was
   * rung with an offer, the engine never calls this.
   */
  connect(sdp: string | null): void;
  /** The sandbox ends the leg: cancel while ringing, hang up once answered, or fail. */
  end(reason: EndReason): void;
  /**
   * Answers a new offer from the device on the other side of this device's media (a renegotiation,
   * e.g. the Voice SDK's ICE restart). Absent when this device cannot renegotiate.
   */
  renegotiate?(offer: string): Promise<string>;
}

/** What a device reports about its leg. */
export interface LegEvents {
  ringing(): void;
  /** A rung device answered; `sdp` answers the offer it was rung with. */
  answered(sdp: string | null): void;
  /** The device hung up, declined, was busy, or could not be reached. */
  ended(reason: EndReason): void;
  dtmf(digits: string): void;
}

/** A device the sandbox can ring: a browser `client:` identity or a simulated phone number. */
export interface Terminal {
  ring(request: RingRequest, events: LegEvents): FarEnd;
}

export interface RingRequest {
  callSid: string;
  from: string;
  to: string;
  /** The caller's SDP offer; always present (the sandbox makes one when the caller has none). */
  offer: string;
  /** Extra parameters for a `client:` invite (Twilio's `Params`). */
  parameters: Record<string, string>;
}

export interface StatusCallbackConfig {
  url: string;
  method: string;
  events: ReadonlySet<CallEvent>;
}

/** One call leg: a Call resource with its far end, its media and its listeners. */
export class Leg {
  far: FarEnd | null = null;
  /** The far end's SDP offer that nothing has answered yet (media still to be connected). */
  offer: string | null = null;
  /** The server-side peer terminating this leg's media, once the sandbox answered it itself. */
  media: ServerMedia | null = null;
  /**
   * The leg whose device holds the other end of this leg's media, when the sandbox relayed the
   * two devices' SDP to each other (answerOnBridge) instead of terminating it.
   */
  relayedTo: Leg | null = null;
  answered = false;
  ended = false;
  callbacks: StatusCallbackConfig[] = [];
  sequence = 0;
  applicationSid: string | null = null;
  customParams: Record<string, string> = {};
  /** A `<Record>` in progress on this leg: seconds of the far end's audio captured so far. */
  recording: { seconds(): number } | null = null;
  /** Why the last Dial on this leg failed, so an unanswered caller learns the reason. */
  lastDialFailure: EndReason | null = null;
  /** Aborted when the leg ends or its TwiML is replaced (redirect). */
  program = new AbortController();
  private readonly dtmfListeners = new Set<(digits: string) => void>();
  private readonly endListeners = new Set<() => void>();

  constructor(readonly record: CallRecord) {}

  get sid(): string {
    return this.record.sid;
  }

  get direction(): CallDirection {
    return this.record.direction;
  }

  onDtmf(listener: (digits: string) => void): () => void {
    this.dtmfListeners.add(listener);
    return () => this.dtmfListeners.delete(listener);
  }

  emitDtmf(digits: string): void {
    for (const listener of [...this.dtmfListeners]) listener(digits);
  }

  onEnd(listener: () => void): () => void {
    if (this.ended) {
      listener();
      return () => {};
    }
    this.endListeners.add(listener);
    return () => this.endListeners.delete(listener);
  }

  markEnded(): void {
    this.ended = true;
    this.program.abort();
    for (const listener of [...this.endListeners]) listener();
    this.endListeners.clear();
    this.dtmfListeners.clear();
  }
}
