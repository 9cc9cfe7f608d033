import { newSid } from '../ids';
import type { CallControl } from '../voice/call-control';
import { type CallEvent, type EndReason, finalStatusFor } from '../voice/call-status';
import type { Leg, StatusCallbackConfig, Terminal } from '../voice/leg';
import {
  interleaveMulaw,
  mixMulaw,
  mulawWav,
  padSamples,
  ringbackCycle,
  SAMPLE_RATE,
  speechTones,
  tone,
} from '../voice/mulaw';
import { parseXml, type XmlElement } from './parse-xml';

type Flow = 'next' | 'stop';

interface Context {
  engine: CallControl;
  leg: Leg;
  signal: AbortSignal;
  /** The URL this document came from, for relative `action` URLs and default actions. */
  documentUrl: string | null;
}

/** Runs a TwiML `<Response>` on `leg`; hangs up when the document runs out. */
export async function runTwiml(
  engine: CallControl,
  leg: Leg,
  xml: string,
  signal: AbortSignal,
  documentUrl: string | null = null,
): Promise<void> {
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch (error) {
    engine.deps.options.logger.warn('invalid TwiML', { callSid: leg.sid, error: String(error) });
    engine.hangup(leg, 'failed');
    return;
  }
  if (root.name !== 'Response') {
    engine.hangup(leg, 'failed');
    return;
  }
  const ctx: Context = { engine, leg, signal, documentUrl };
  for (const verb of root.children) {
    if (leg.ended || signal.aborted) return;
    const flow = await execute(ctx, verb);
    if (flow === 'stop') return;
  }
  if (leg.ended || signal.aborted) return;
  // The document ran out: Twilio hangs up. An unanswered caller learns why its Dial failed.
  const failure = leg.answered ? null : leg.lastDialFailure;
  engine.hangup(leg, failure ?? 'hangup', failure ? finalStatusFor(failure, false) : 'completed');
}

async function execute(ctx: Context, verb: XmlElement): Promise<Flow> {
  switch (verb.name) {
    case 'Say':
      await answer(ctx);
      await repeat(verb, () => speak(ctx, speechTones(verb.text), wordsMs(verb.text)));
      return 'next';
    case 'Play':
      await answer(ctx);
      await repeat(verb, () => speak(ctx, tone(440, 1000), 1000));
      return 'next';
    case 'Pause':
      await sleep(ctx, ctx.engine.ms(1000 * numberAttr(verb, 'length', 1)));
      return 'next';
    case 'Hangup':
      ctx.engine.hangup(ctx.leg, 'hangup', 'completed');
      return 'stop';
    case 'Reject': {
      const busy = verb.attributes.reason === 'busy';
      ctx.engine.hangup(ctx.leg, busy ? 'busy' : 'declined', 'busy');
      return 'stop';
    }
    case 'Redirect': {
      const url = resolveUrl(ctx, verb.text);
      if (!url) return 'next';
      return follow(ctx, url, verb.attributes.method ?? 'POST', {});
    }
    case 'Message':
      await sendMessage(ctx, verb);
      return 'next';
    case 'Gather':
      return gather(ctx, verb);
    case 'Record':
      return record(ctx, verb);
    case 'Dial':
      return dial(ctx, verb);
    default:
      ctx.engine.deps.options.logger.warn('unsupported TwiML verb', { verb: verb.name });
      return 'next';
  }
}

/** Say, Play, Gather and Record answer the call, as on Twilio (a leading Pause does not). */
async function answer(ctx: Context): Promise<void> {
  if (!ctx.leg.answered) await ctx.engine.answerWithServerMedia(ctx.leg);
}

async function repeat(verb: XmlElement, once: () => Promise<void>): Promise<void> {
  const loop = numberAttr(verb, 'loop', 1);
  for (let i = 0; i < (loop === 0 ? 1 : loop); i += 1) await once();
}

async function speak(ctx: Context, samples: Buffer, fallbackMs: number): Promise<void> {
  const media = ctx.leg.media;
  if (media) await Promise.race([media.play(samples), aborted(ctx)]);
  else await sleep(ctx, ctx.engine.ms(fallbackMs));
}

function wordsMs(text: string): number {
  return Math.max(500, text.split(/\s+/).length * 300);
}

/** Fetches TwiML from `url` with `extra` parameters and runs it in place of the current document. */
async function follow(
  ctx: Context,
  url: string,
  method: string,
  extra: Record<string, string>,
): Promise<Flow> {
  const xml = await ctx.engine.fetchTwiml(ctx.leg, { url, method }, extra);
  if (ctx.leg.ended || ctx.signal.aborted) return 'stop';
  if (xml === null) {
    ctx.engine.hangup(ctx.leg, 'failed');
    return 'stop';
  }
  await runTwiml(ctx.engine, ctx.leg, xml, ctx.signal, url);
  return 'stop';
}

async function sendMessage(ctx: Context, verb: XmlElement): Promise<void> {
  const r = ctx.leg.record;
  const to = verb.attributes.to ?? (r.direction === 'inbound' ? r.from : r.to);
  const from = verb.attributes.from ?? (r.direction === 'inbound' ? r.to : r.from);
  await ctx.engine.deps.sendMessage(from, to, verb.text);
}

async function gather(ctx: Context, verb: XmlElement): Promise<Flow> {
  const numDigits = numberAttr(verb, 'numDigits', Number.POSITIVE_INFINITY);
  const finishOnKey = verb.attributes.finishOnKey ?? '#';
  const timeoutMs = ctx.engine.ms(1000 * numberAttr(verb, 'timeout', 5));
  let digits = '';
  let finished = false;
  let wake: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    wake = resolve;
  });
  const stopListening = ctx.leg.onDtmf((pressed) => {
    for (const key of pressed) {
      if (finished) return;
      if (finishOnKey !== '' && key === finishOnKey) finished = true;
      else digits += key;
      if (digits.length >= numDigits) finished = true;
    }
    wake();
  });
  await answer(ctx);
  for (const nested of verb.children) {
    if (digits !== '' || ctx.leg.ended || ctx.signal.aborted) break;
    if (nested.name === 'Say' || nested.name === 'Play' || nested.name === 'Pause')
      await Promise.race([execute(ctx, nested), done]);
  }
  while (!finished && !ctx.leg.ended && !ctx.signal.aborted) {
    const before = digits.length;
    await Promise.race([done, sleep(ctx, timeoutMs)]);
    if (digits.length === before) break;
  }
  stopListening();
  if (ctx.leg.ended || ctx.signal.aborted) return 'stop';
  if (digits === '') return 'next';
  const action = resolveUrl(ctx, verb.attributes.action) ?? ctx.documentUrl;
  if (!action) return 'next';
  return follow(ctx, action, verb.attributes.method ?? 'POST', { Digits: digits });
}

async function record(ctx: Context, verb: XmlElement): Promise<Flow> {
  const { engine, leg } = ctx;
  await engine.answerWithServerMedia(leg);
  if (verb.attributes.playBeep !== 'false') {
    if (leg.media) await Promise.race([leg.media.beep(), aborted(ctx)]);
  }
  const maxLengthMs = engine.ms(1000 * numberAttr(verb, 'maxLength', 3600));
  const finishOnKey = verb.attributes.finishOnKey ?? '1234567890*#';
  const started = Date.now();
  const recorder = leg.media?.record();
  leg.recording = {
    seconds: () =>
      recorder ? recorder.samples() / SAMPLE_RATE : Math.max(0, (Date.now() - started) / 1000),
  };
  let pressed = '';
  await new Promise<void>((resolve) => {
    // A leg that already hung up calls `finish` from inside `onEnd`, before its unsubscribe is
    // returned: the listeners start as no-ops and `finish` runs once.
    let offDtmf = () => {};
    let offEnd = () => {};
    let finished = false;
    const timer = setTimeout(finish, maxLengthMs);
    function finish() {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      offDtmf();
      offEnd();
      resolve();
    }
    offDtmf = leg.onDtmf((digits) => {
      const key = [...digits].find((d) => finishOnKey.includes(d));
      if (key) {
        pressed = key;
        finish();
      }
    });
    offEnd = leg.onEnd(finish);
    if (!finished) ctx.signal.addEventListener('abort', finish, { once: true });
  });
  leg.recording = null;
  const samples =
    recorder?.stop() ??
    Buffer.alloc(Math.round(((Date.now() - started) / 1000) * SAMPLE_RATE), 0xff);
  const recordingParams = storeRecording(ctx, {
    samples,
    channels: 1,
    source: 'RecordVerb',
    startedAt: started,
    statusCallback: verb.attributes.recordingStatusCallback,
    statusCallbackMethod: verb.attributes.recordingStatusCallbackMethod,
    statusCallbackEvent: verb.attributes.recordingStatusCallbackEvent,
  });
  if (ctx.signal.aborted && !leg.ended) return 'stop';
  const action = resolveUrl(ctx, verb.attributes.action) ?? ctx.documentUrl;
  const digits = leg.ended ? 'hangup' : pressed;
  if (!action) return 'next';
  if (leg.ended) {
    // Twilio still requests the action after a hang-up; the TwiML it returns is ignored.
    await engine.fetchTwiml(
      leg,
      { url: action, method: verb.attributes.method ?? 'POST' },
      { ...recordingParams, Digits: digits },
    );
    return 'stop';
  }
  return follow(ctx, action, verb.attributes.method ?? 'POST', {
    ...recordingParams,
    Digits: digits,
  });
}

/**
 * Stores a recording (a Recording resource whose media is public, as on Twilio), sends its
 * `recordingStatusCallback`, and returns the parameters an `action` request carries about it.
 */
function storeRecording(
  ctx: Context,
  input: {
    samples: Buffer;
    channels: 1 | 2;
    source: 'RecordVerb' | 'DialVerb';
    startedAt: number;
    statusCallback: string | undefined;
    statusCallbackMethod: string | undefined;
    statusCallbackEvent: string | undefined;
  },
): Record<string, string> {
  const { engine, leg } = ctx;
  const recording = {
    sid: newSid('RE'),
    callSid: leg.sid,
    duration: Math.round(input.samples.length / input.channels / SAMPLE_RATE),
    wav: mulawWav(input.samples, input.channels),
    channels: input.channels,
    source: input.source,
    startTime: new Date(input.startedAt),
    dateCreated: new Date(),
  };
  engine.deps.store.recordings.set(recording.sid, recording);
  const { options } = engine.deps;
  const recordingUrl = `${options.baseUrl}/twilio/2010-04-01/Accounts/${options.accountSid}/Recordings/${recording.sid}`;
  const recordingParams = {
    RecordingSid: recording.sid,
    RecordingUrl: recordingUrl,
    RecordingDuration: String(recording.duration),
  };
  const statusUrl = resolveUrl(ctx, input.statusCallback);
  const events = (input.statusCallbackEvent ?? 'completed').split(/[\s,]+/);
  if (statusUrl && events.includes('completed')) {
    void engine.deps.webhooks.send(
      statusUrl,
      {
        AccountSid: options.accountSid,
        CallSid: leg.sid,
        ...recordingParams,
        RecordingStatus: 'completed',
        RecordingChannels: String(input.channels),
        RecordingSource: input.source,
        RecordingStartTime: new Date(input.startedAt).toUTCString().replace('GMT', '+0000'),
        ErrorCode: '0',
      },
      input.statusCallbackMethod ?? 'POST',
    );
  }
  return recordingParams;
}

interface DialTarget {
  to: string;
  terminal: Terminal;
  callback: StatusCallbackConfig | null;
  parameters: Record<string, string>;
}

type DialCallStatus = 'completed' | 'busy' | 'no-answer' | 'failed' | 'canceled';

/** Dial's `record` attribute: when recording starts and whether each party gets a channel. */
interface DialRecording {
  fromRinging: boolean;
  dual: boolean;
}

function dialRecording(value: string | undefined): DialRecording | null {
  switch (value) {
    case 'record-from-answer':
    case 'true':
      return { fromRinging: false, dual: false };
    case 'record-from-ringing':
      return { fromRinging: true, dual: false };
    case 'record-from-answer-dual':
      return { fromRinging: false, dual: true };
    case 'record-from-ringing-dual':
      return { fromRinging: true, dual: true };
    default:
      return null;
  }
}

/** Records both parties of a Dial: the caller's leg and, once bridged, the callee's. */
class DialRecorder {
  private caller: { startedAt: number; stop(): Buffer } | null = null;
  private callee: { startedAt: number; stop(): Buffer } | null = null;
  readonly startedAt = Date.now();
  stopped = false;

  constructor(readonly mode: DialRecording) {}

  recordCaller(leg: Leg): void {
    if (!this.caller && leg.media) this.caller = leg.media.record();
  }

  recordCallee(child: Leg): void {
    if (!this.callee && child.media) this.callee = child.media.record();
  }

  /** The recording's samples (interleaved when dual), or null if nothing was bridged. */
  stop(): Buffer | null {
    this.stopped = true;
    const callerStart = this.caller?.startedAt ?? this.startedAt;
    const calleeStart = this.callee?.startedAt ?? callerStart;
    const callerSamples = this.caller?.stop() ?? null;
    const calleeSamples = this.callee?.stop() ?? null;
    if (callerSamples === null && calleeSamples === null) return null;
    // Line both parties up in time: each track starts with silence until its recorder started.
    const origin = Math.min(callerStart, calleeStart);
    const lead = (at: number) => Math.round(((at - origin) / 1000) * SAMPLE_RATE);
    const a = callerSamples ?? Buffer.alloc(0);
    const b = calleeSamples ?? Buffer.alloc(0);
    const length = Math.max(lead(callerStart) + a.length, lead(calleeStart) + b.length);
    const left = padSamples(a, lead(callerStart), length);
    const right = padSamples(b, lead(calleeStart), length);
    return this.mode.dual ? interleaveMulaw(left, right) : mixMulaw(left, right);
  }
}

async function dial(ctx: Context, verb: XmlElement): Promise<Flow> {
  const { engine, leg } = ctx;
  const targets = dialTargets(ctx, verb);
  if (targets.length === 0) return 'next';
  const from = verb.attributes.callerId ?? leg.record.from;
  const timeoutMs = engine.ms(1000 * numberAttr(verb, 'timeout', 30));
  const answerOnBridge = verb.attributes.answerOnBridge === 'true';
  const recordMode = dialRecording(verb.attributes.record);
  // With answerOnBridge and nothing to record, the caller's own offer goes to the callees and the
  // two devices talk directly; otherwise the sandbox terminates both legs and bridges them.
  const relay = answerOnBridge && recordMode === null && !leg.answered && leg.media === null;
  if (!relay && !answerOnBridge && !leg.answered) {
    // answerOnBridge="false" (Twilio's default): the caller is answered as the Dial starts.
    await engine.answerWithServerMedia(leg);
    if (leg.ended || ctx.signal.aborted) return 'stop';
  }
  const recorder = recordMode ? new DialRecorder(recordMode) : null;
  if (recorder?.mode.fromRinging) recorder.recordCaller(leg);
  // An answered caller hears ringback while the Dial rings.
  const stopRingback = leg.answered && leg.media ? leg.media.loop(ringbackCycle()) : () => {};

  const outcome = await new Promise<{
    status: DialCallStatus;
    child: Leg | null;
    failure: EndReason | null;
  }>((resolve) => {
    const pending = new Set<Leg>();
    const reasons: EndReason[] = [];
    let winner: Leg | null = null;
    let settled = false;
    let unbridge: () => void = () => {};
    let parentRang = false;

    let offParentEnd = () => {};
    let offParentDtmf = () => {};
    const settle = (status: DialCallStatus, failure: EndReason | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stopRingback();
      offParentEnd();
      offParentDtmf();
      ctx.signal.removeEventListener('abort', onAbort);
      unbridge();
      resolve({ status, child: winner ?? [...pending][0] ?? null, failure });
    };
    const cancelPending = (status: 'no-answer' | 'canceled') => {
      for (const child of pending) {
        child.far?.end('canceled');
        engine.finish(child, status);
      }
      pending.clear();
    };
    const settleIfNobodyLeft = () => {
      if (winner || pending.size > 0) return;
      const failure = aggregate(reasons);
      settle(dialStatusFor(failure), failure);
    };
    const timer = setTimeout(() => {
      if (winner) return;
      cancelPending('no-answer');
      reasons.push('no-answer');
      settleIfNobodyLeft();
    }, timeoutMs);
    // The caller hung up, or the call's TwiML was replaced.
    const onAbort = () => {
      if (winner) engine.hangup(winner, 'hangup', 'completed');
      cancelPending('canceled');
      settle(winner ? 'completed' : 'canceled', winner ? null : 'canceled');
    };
    // Keys the caller presses reach the answered callee's leg as well. Subscribed before the
    // end listener: a caller who already hung up settles from inside `onEnd`, which unsubscribes.
    offParentDtmf = leg.onDtmf((digits) => winner?.emitDtmf(digits));
    offParentEnd = leg.onEnd(onAbort);
    if (!settled) ctx.signal.addEventListener('abort', onAbort, { once: true });

    const bridge = async (child: Leg, sdp: string | null) => {
      if (relay && !child.media) {
        // The callee answered the caller's own offer: relay its SDP back.
        leg.offer = null;
        leg.relayedTo = child;
        child.relayedTo = leg;
        leg.far?.connect(sdp);
        engine.setAnswered(leg);
        return;
      }
      // answerOnBridge="true" with a server-side bridge: the caller is answered only now.
      if (!leg.answered) await engine.answerWithServerMedia(leg);
      if (settled || leg.ended || child.ended) return;
      stopRingback();
      if (child.media && leg.media) unbridge = leg.media.bridge(child.media);
      recorder?.recordCaller(leg);
      recorder?.recordCallee(child);
    };

    for (const target of targets) {
      const child = engine.ringChild(
        {
          parent: leg,
          to: target.to,
          from,
          terminal: target.terminal,
          callback: target.callback,
          parameters: target.parameters,
          relayOffer: relay ? leg.offer : null,
        },
        {
          ringing: () => {
            // An unanswered caller learns it rings as soon as any callee does.
            if (parentRang || winner || leg.answered) return;
            parentRang = true;
            leg.far?.ringing();
          },
          answered: (answeredChild, sdp) => {
            if (winner || settled) {
              engine.hangup(answeredChild, 'hangup', 'canceled');
              return;
            }
            winner = answeredChild;
            pending.delete(answeredChild);
            // First answer wins: every other leg still ringing is cancelled.
            cancelPending('canceled');
            clearTimeout(timer);
            void bridge(answeredChild, sdp);
          },
          ended: (endedChild, reason) => {
            if (endedChild === winner) {
              settle('completed', null);
              return;
            }
            if (!pending.delete(endedChild)) return;
            reasons.push(reason);
            settleIfNobodyLeft();
          },
        },
      );
      pending.add(child);
      // A bridged callee ended from the sandbox's side (REST or control API hang-up).
      child.onEnd(() => {
        if (child === winner) settle('completed', null);
      });
    }
  });

  leg.lastDialFailure = outcome.failure;
  let recordingParams: Record<string, string> = {};
  const samples = recorder?.stop() ?? null;
  if (recorder && samples !== null) {
    recordingParams = storeRecording(ctx, {
      samples,
      channels: recorder.mode.dual ? 2 : 1,
      source: 'DialVerb',
      startedAt: recorder.startedAt,
      statusCallback: verb.attributes.recordingStatusCallback,
      statusCallbackMethod: verb.attributes.recordingStatusCallbackMethod,
      statusCallbackEvent: verb.attributes.recordingStatusCallbackEvent,
    });
  }
  // A call redirected away from its Dial (REST update) runs the new TwiML, not the action.
  if (ctx.signal.aborted && !leg.ended) return 'stop';
  const action = resolveUrl(ctx, verb.attributes.action);
  if (!action) return leg.ended ? 'stop' : 'next';
  const child = outcome.child;
  const duration =
    child?.record.answerTime && child.record.endTime
      ? Math.round((child.record.endTime.getTime() - child.record.answerTime.getTime()) / 1000)
      : 0;
  const extra: Record<string, string> = {
    DialCallStatus: outcome.status,
    DialBridged: String(outcome.status === 'completed'),
    ...recordingParams,
  };
  if (child) {
    extra.DialCallSid = child.sid;
    extra.DialCallDuration = String(duration);
  }
  if (leg.ended) {
    await engine.fetchTwiml(leg, { url: action, method: verb.attributes.method ?? 'POST' }, extra);
    return 'stop';
  }
  return follow(ctx, action, verb.attributes.method ?? 'POST', extra);
}

function aggregate(reasons: EndReason[]): EndReason {
  if (reasons.includes('no-answer')) return 'no-answer';
  if (reasons.includes('busy')) return 'busy';
  if (reasons.length > 0 && reasons.every((r) => r === 'declined')) return 'declined';
  if (reasons.includes('declined')) return 'busy';
  if (reasons.includes('not-found')) return 'not-found';
  if (reasons.includes('canceled') || reasons.includes('hangup')) return 'no-answer';
  return 'failed';
}

function dialStatusFor(reason: EndReason): DialCallStatus {
  switch (reason) {
    case 'busy':
    case 'declined':
      return 'busy';
    case 'no-answer':
      return 'no-answer';
    case 'canceled':
    case 'hangup':
      return 'canceled';
    case 'not-found':
    case 'failed':
      return 'failed';
  }
}

function dialTargets(ctx: Context, verb: XmlElement): DialTarget[] {
  const { terminals } = ctx.engine.deps;
  if (verb.children.length === 0 && verb.text !== '') {
    return [
      { to: verb.text, terminal: terminals.number(verb.text), callback: null, parameters: {} },
    ];
  }
  const targets: DialTarget[] = [];
  for (const noun of verb.children) {
    if (noun.name === 'Number') {
      targets.push({
        to: noun.text,
        terminal: terminals.number(noun.text),
        callback: nounCallback(ctx, noun),
        parameters: {},
      });
    } else if (noun.name === 'Client') {
      const identityElement = noun.children.find((c) => c.name === 'Identity');
      const identity = identityElement?.text ?? noun.text;
      const parameters: Record<string, string> = {};
      for (const p of noun.children) {
        if (p.name === 'Parameter' && p.attributes.name !== undefined)
          parameters[p.attributes.name] = p.attributes.value ?? '';
      }
      targets.push({
        to: `client:${identity}`,
        terminal: terminals.client(identity),
        callback: nounCallback(ctx, noun),
        parameters,
      });
    } else {
      ctx.engine.deps.options.logger.warn('unsupported Dial noun', { noun: noun.name });
    }
  }
  return targets;
}

function nounCallback(ctx: Context, noun: XmlElement): StatusCallbackConfig | null {
  const url = resolveUrl(ctx, noun.attributes.statusCallback);
  if (!url) return null;
  const events = (noun.attributes.statusCallbackEvent ?? 'completed')
    .split(/[\s,]+/)
    .filter((e): e is CallEvent => ['initiated', 'ringing', 'answered', 'completed'].includes(e));
  return {
    url,
    method: noun.attributes.statusCallbackMethod ?? 'POST',
    events: new Set<CallEvent>([...events, 'completed']),
  };
}

function resolveUrl(ctx: Context, url: string | undefined): string | null {
  if (url === undefined || url.trim() === '') return null;
  try {
    return new URL(url.trim(), ctx.documentUrl ?? undefined).toString();
  } catch {
    return null;
  }
}

function numberAttr(verb: XmlElement, name: string, fallback: number): number {
  const raw = verb.attributes[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}

function aborted(ctx: Context): Promise<void> {
  return new Promise((resolve) => {
    if (ctx.signal.aborted) resolve();
    else ctx.signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

function sleep(ctx: Context, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    ctx.signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
