import type { ResolvedOptions } from '../options';
import type { SandboxStore } from '../store';
import type { WebhookSender } from '../webhooks/deliver';
import type { CallStatus, EndReason } from './call-status';
import type { Leg, StatusCallbackConfig, Terminal } from './leg';

// What the TwiML interpreter needs from the voice engine, as an interface of its own: the
// engine runs TwiML (it imports the interpreter) and the interpreter drives calls through
// this, so neither module imports the other in a cycle.

export type TwimlSource = { url: string; method: string } | { twiml: string };

export interface Terminals {
  client(identity: string): Terminal;
  number(phoneNumber: string): Terminal;
}

export interface EngineDeps {
  options: ResolvedOptions;
  store: SandboxStore;
  webhooks: WebhookSender;
  terminals: Terminals;
  /** Sends an SMS for `<Message>`. */
  sendMessage(from: string, to: string, body: string): Promise<void>;
}

export interface ChildRing {
  parent: Leg;
  to: string;
  from: string;
  terminal: Terminal;
  callback: StatusCallbackConfig | null;
  parameters: Record<string, string>;
  /** The caller's own offer, relayed to the callee (answerOnBridge); null: a server-side peer. */
  relayOffer: string | null;
}

/** The calls a TwiML document controls: the engine, as the interpreter sees it. */
export interface CallControl {
  readonly deps: EngineDeps;
  /** Scaled milliseconds, so tests can run rings and pauses fast. */
  ms(milliseconds: number): number;
  setAnswered(leg: Leg): void;
  /** Answers a leg with the sandbox's own media (Say, Play, Record, Gather). */
  answerWithServerMedia(leg: Leg): Promise<void>;
  /** Ends a leg from the sandbox's side (Hangup verb, REST update, end of TwiML). */
  hangup(leg: Leg, reason?: EndReason, status?: CallStatus): void;
  finish(leg: Leg, status: CallStatus): void;
  /** Requests TwiML from the app; null when the app could not be reached or failed. */
  fetchTwiml(
    leg: Leg,
    source: { url: string; method: string },
    extra?: Record<string, string>,
  ): Promise<string | null>;
  /** Rings one `<Dial>` target as a child leg of `parent`. */
  ringChild(
    ring: ChildRing,
    events: {
      ringing(): void;
      answered(child: Leg, sdp: string | null): void;
      ended(child: Leg, reason: EndReason): void;
    },
  ): Leg;
}
