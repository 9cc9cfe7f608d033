import { isDialDigits, normalizePhone } from '@tentpole/domain';
import type { Call, Device, RTCSample } from '@twilio/voice-sdk';
import {
  type AudioDeviceOption,
  NO_AUDIO,
  PHONE_OFF,
  type PhoneCall,
  type PhoneSnapshot,
  type VoicePhoneDeps,
} from './phone-snapshot';
import { type VoiceErrorLike, voiceErrorMessage, voiceErrorRecovery } from './voice-errors';

export const NOT_READY_MESSAGE = 'The phone is not connected yet. Try again in a moment.';
export const ALREADY_ON_A_CALL_MESSAGE = "You're already on a call.";
const TOKEN_FAILED_PROBLEM = "The phone couldn't connect: its sign-in token could not be fetched.";
const DEFAULT_RECOVERY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

function deviceLabel(info: MediaDeviceInfo): string {
  if (info.label) return info.label;
  return info.deviceId === 'default' ? 'System default' : 'Unnamed device';
}

function listDevices(devices: Map<string, MediaDeviceInfo>): AudioDeviceOption[] {
  return [...devices.values()].map((info) => ({ id: info.deviceId, label: deviceLabel(info) }));
}

/**
 * The browser phone: one Voice SDK Device, the ringing call and the active call (spec §4).
 * Framework-free, so the rules are tested without React; the screens read `getSnapshot()`
 * through `useSyncExternalStore`.
 */
/**
 * Calls' local ids, counted for the whole tab rather than per phone: a choice kept by a call's id
 * (whose card, decision 0062) never meets another phone's call after a sign-in or a restart.
 */
let nextCallId = 1;

export class VoicePhone {
  private snapshot: PhoneSnapshot = PHONE_OFF;
  private readonly listeners = new Set<() => void>();
  private device: Device | null = null;
  private token: string | null = null;
  private incomingCall: Call | null = null;
  private activeCall: Call | null = null;
  private stopped = false;
  private recoveryAttempt = 0;
  private recoveryTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly now: () => number;
  private readonly recoveryDelaysMs: readonly number[];

  constructor(private readonly deps: VoicePhoneDeps) {
    this.now = deps.now ?? Date.now;
    this.recoveryDelaysMs = deps.recoveryDelaysMs ?? DEFAULT_RECOVERY_DELAYS_MS;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): PhoneSnapshot => this.snapshot;

  /** Whether a token is held (spec §4: cleared on a device error). */
  get hasToken(): boolean {
    return this.token !== null;
  }

  private set(patch: Partial<PhoneSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** Fetches a token, then creates and registers the Device (spec §4), or updates its token. */
  async start(): Promise<void> {
    if (this.stopped) return;
    if (!this.device) this.set({ registration: 'starting', problem: null });
    let token: string;
    try {
      token = await this.deps.fetchToken();
    } catch {
      // spec §8: already reported by the fetch; no device results.
      if (!this.stopped) this.fail(TOKEN_FAILED_PROBLEM);
      return;
    }
    if (this.stopped) return;
    this.token = token;
    if (this.device) {
      // spec §4: an existing device gets the new token in place.
      this.device.updateToken(token);
      if (this.device.state === 'unregistered') await this.register();
      return;
    }
    let device: Device;
    try {
      device = await this.deps.createDevice(token);
    } catch (error) {
      if (!this.stopped) {
        this.deps.log('The voice device could not be created', error);
        this.fail(voiceErrorMessage(error as VoiceErrorLike));
      }
      return;
    }
    if (this.stopped) {
      device.destroy();
      return;
    }
    this.device = device;
    this.listen(device);
    this.refreshAudio();
    await this.register();
  }

  /** Turns the phone off for good (sign-out, account switch, unmount). */
  stop(): void {
    this.stopped = true;
    this.clearRecovery();
    this.device?.destroy();
    this.device = null;
    this.token = null;
    this.incomingCall = null;
    this.activeCall = null;
    this.snapshot = PHONE_OFF;
    for (const listener of this.listeners) listener();
  }

  /** Tries again now, after the phone gave up recovering by itself. */
  reconnect(): void {
    this.recoveryAttempt = 0;
    this.clearRecovery();
    void this.start();
  }

  private async register() {
    const device = this.device;
    if (device?.state !== 'unregistered') return;
    try {
      await device.register();
    } catch {
      // The Device reports why with an 'error' event, handled in onDeviceError.
    }
  }

  private fail(problem: string) {
    this.set({ registration: 'failed', problem });
  }

  private listen(device: Device) {
    device.on('registering', () => this.set({ registration: 'registering' }));
    device.on('registered', () => {
      this.recoveryAttempt = 0;
      this.set({ registration: 'registered', problem: null });
    });
    device.on('unregistered', () => {
      if (this.snapshot.registration !== 'failed') this.set({ registration: 'unregistered' });
    });
    device.on('error', (error: VoiceErrorLike, call?: Call) => this.onDeviceError(error, call));
    device.on('incoming', (call: Call) => this.onIncoming(call));
    // spec §4, §9: a new token before the current one expires.
    device.on('tokenWillExpire', () => void this.refreshToken());
    device.audio?.on('deviceChange', () => this.refreshAudio());
  }

  private async refreshToken() {
    try {
      const token = await this.deps.fetchToken();
      if (this.stopped || !this.device) return;
      this.token = token;
      this.device.updateToken(token);
    } catch {
      // Reported by the fetch. When the old token lapses the Device raises 20104 and the
      // recovery below tries again.
    }
  }

  /**
   * spec §4, §8: on a device error the device unregisters and all call state and the token
   * are cleared; then it recovers where it can (a new token for 20101/20104/31204/31205, a new
   * registration after a connection error). An error about one call (the SDK passes the call)
   * is that call's: its own 'error' event reports it.
   */
  private onDeviceError(error: VoiceErrorLike, call?: Call) {
    this.deps.log('Voice device error', error);
    if (call) return;
    const device = this.device;
    if (!device) return;
    if (device.state === 'registered') {
      device.unregister().catch(() => {
        // Already unregistered by the gateway: nothing left to undo.
      });
    }
    this.incomingCall = null;
    this.activeCall = null;
    this.token = null;
    // A call left running with no screen to end it would be worse than a dropped call.
    device.disconnectAll();
    const message = voiceErrorMessage(error);
    this.set({ incoming: null, active: null, registration: 'failed', problem: message });
    if (voiceErrorRecovery(error) === 'none') {
      this.deps.notify(message);
      return;
    }
    this.scheduleRecovery();
  }

  private scheduleRecovery() {
    this.clearRecovery();
    const delay = this.recoveryDelaysMs[this.recoveryAttempt];
    if (delay === undefined) {
      this.deps.notify(this.snapshot.problem ?? NOT_READY_MESSAGE);
      return;
    }
    this.recoveryAttempt += 1;
    this.recoveryTimer = setTimeout(() => {
      this.recoveryTimer = null;
      void this.start();
    }, delay);
  }

  private clearRecovery() {
    if (this.recoveryTimer !== null) clearTimeout(this.recoveryTimer);
    this.recoveryTimer = null;
  }

  private onIncoming(call: Call) {
    // spec §4: one call at a time; an incoming call is ignored while busy. The SDK ignores
    // invites while it has an active call; a second caller ringing at once is ignored here.
    if (this.incomingCall || this.activeCall) {
      call.ignore();
      return;
    }
    this.incomingCall = call;
    this.watch(call);
    this.set({
      incoming: {
        id: nextCallId++,
        direction: 'incoming',
        number: call.customParameters.get('From') ?? call.parameters.From ?? '',
        customerId: call.customParameters.get('customerId') || null,
        callSid: call.customParameters.get('callSid') || null,
        status: 'pending',
        placedAt: null,
        acceptedAt: null,
        muted: false,
        mos: { sum: 0, count: 0 },
      },
    });
  }

  /** Keeps the view of `call` in step with its events, in whichever slot holds it. */
  private watch(call: Call) {
    const update = (patch: (view: PhoneCall) => Partial<PhoneCall>) => {
      const { incoming, active } = this.snapshot;
      if (call === this.incomingCall && incoming) {
        this.set({ incoming: { ...incoming, ...patch(incoming) } });
      } else if (call === this.activeCall && active) {
        this.set({ active: { ...active, ...patch(active) } });
      }
    };
    let answered = false;
    let failed = false;
    // spec §4: a cancel, disconnect or reject clears the pending call; the active call is
    // cleared on disconnect, cancel or reject.
    const clear = () => {
      const view = this.snapshot.active;
      const unexplained =
        call === this.activeCall && view?.direction === 'outgoing' && !answered && !failed;
      this.forget(call);
      if (unexplained && view) void this.explainUnanswered(view);
    };
    call.on('cancel', clear);
    call.on('disconnect', clear);
    call.on('reject', clear);
    call.on('ringing', () => update(() => ({ status: 'ringing' })));
    call.on('accept', () => {
      answered = true;
      update((view) => ({
        status: 'open',
        acceptedAt: this.now(),
        // An outgoing call learns its id when it connects; an incoming one was told it.
        callSid: view.callSid ?? (call.parameters?.CallSid || null),
      }));
    });
    call.on('reconnecting', () => update(() => ({ status: 'reconnecting' })));
    call.on('reconnected', () => update(() => ({ status: 'open' })));
    call.on('mute', (muted: boolean) => update(() => ({ muted })));
    call.on('sample', (sample: RTCSample) => {
      const mos = sample.mos;
      if (typeof mos !== 'number' || !Number.isFinite(mos)) return;
      update((view) => ({ mos: { sum: view.mos.sum + mos, count: view.mos.count + 1 } }));
    });
    call.on('error', (error: VoiceErrorLike) => {
      failed = true;
      this.deps.notify(voiceErrorMessage(error));
      if (call.status() === 'closed') clear();
    });
  }

  private async explainUnanswered(view: PhoneCall) {
    const explain = this.deps.explainUnanswered;
    if (!explain || view.placedAt === null) return;
    const message = await explain(view.number, view.placedAt).catch(() => null);
    if (message && !this.stopped) this.deps.notify(message);
  }

  private forget(call: Call) {
    if (call === this.incomingCall) {
      if (this.snapshot.incoming?.dismissed) this.silence(false);
      this.incomingCall = null;
      this.set({ incoming: null });
    }
    if (call === this.activeCall) {
      this.activeCall = null;
      this.set({ active: null });
    }
  }

  /** spec §2: Accept answers the ringing call, which becomes the active call. */
  accept(): void {
    const call = this.incomingCall;
    const view = this.snapshot.incoming;
    if (!call || !view) return;
    if (this.activeCall) {
      this.deps.notify(ALREADY_ON_A_CALL_MESSAGE);
      return;
    }
    if (view.dismissed) this.silence(false);
    this.incomingCall = null;
    this.activeCall = call;
    this.set({ incoming: null, active: { ...view, dismissed: false, status: 'connecting' } });
    call.accept();
  }

  /** spec §2: Reject disconnects the ringing call (the caller goes on to voicemail). */
  reject(): void {
    const call = this.incomingCall;
    if (!call) return;
    this.forget(call);
    call.reject();
  }

  /**
   * spec §2, §4: closing the dialog ignores the call here: the dialog goes and the ring is
   * silenced, while other phones keep ringing. The call is not closed (the SDK's ignore() would
   * close it for good), so it stays answerable from the header's ringing indicator until it
   * stops ringing (answered elsewhere, the caller hangs up, voicemail): issue 15.
   */
  ignore(): void {
    const view = this.snapshot.incoming;
    if (!this.incomingCall || !view || view.dismissed) return;
    this.silence(true);
    this.set({ incoming: { ...view, dismissed: true } });
  }

  /** Issue 15: the ringing indicator brings the ignored call's dialog back. */
  reopen(): void {
    const view = this.snapshot.incoming;
    if (!this.incomingCall || !view?.dismissed) return;
    this.set({ incoming: { ...view, dismissed: false } });
  }

  /** Mutes (or restores) the incoming ring on this device, where the SDK allows it. */
  private silence(on: boolean) {
    try {
      this.device?.audio?.incoming(!on);
    } catch {
      // A device without audio controls keeps its ring.
    }
  }

  /** spec §7: a browser call connects the Device with the parameter To (normalised). */
  async call(number: string): Promise<boolean> {
    const device = this.device;
    if (!device || this.snapshot.registration !== 'registered') {
      this.deps.notify(this.snapshot.problem ?? NOT_READY_MESSAGE);
      return false;
    }
    if (this.activeCall || this.snapshot.active) {
      this.deps.notify(ALREADY_ON_A_CALL_MESSAGE);
      return false;
    }
    const to = normalizePhone(number);
    const view: PhoneCall = {
      id: nextCallId++,
      direction: 'outgoing',
      number: to,
      customerId: null,
      callSid: null,
      status: 'connecting',
      placedAt: this.now(),
      acceptedAt: null,
      muted: false,
      mos: { sum: 0, count: 0 },
    };
    this.set({ active: view });
    try {
      const call = await device.connect({ params: { To: to } });
      if (!this.isActive(view)) {
        // Hung up (or the device failed) while the call was being set up.
        call.disconnect();
        return false;
      }
      this.activeCall = call;
      this.watch(call);
      return true;
    } catch (error) {
      if (this.isActive(view)) this.set({ active: null });
      this.deps.notify(voiceErrorMessage(error as VoiceErrorLike));
      return false;
    }
  }

  /** Whether `view` is still the active call (it may have been hung up meanwhile). */
  private isActive(view: PhoneCall): boolean {
    return this.snapshot.active?.id === view.id;
  }

  hangUp(): void {
    const call = this.activeCall;
    if (call) {
      // Forgotten first: a call this person ended needs no explanation.
      this.forget(call);
      call.disconnect();
    } else if (this.snapshot.active) {
      // Still connecting: call() sees the slot emptied and drops the call when it arrives.
      this.set({ active: null });
    }
  }

  toggleMute(): void {
    const call = this.activeCall;
    if (call) call.mute(!call.isMuted());
  }

  /** spec §5: only 0-9, *, # and w are sent. Returns whether the digits were sent. */
  sendDigits(digits: string): boolean {
    const call = this.activeCall;
    if (!call || !isDialDigits(digits)) return false;
    call.sendDigits(digits);
    return true;
  }

  private refreshAudio() {
    const audio = this.device?.audio;
    if (!audio) {
      this.set({ audio: NO_AUDIO });
      return;
    }
    this.set({
      audio: {
        inputs: listDevices(audio.availableInputDevices),
        outputs: listDevices(audio.availableOutputDevices),
        inputId: audio.inputDevice?.deviceId ?? null,
        outputIds: [...audio.speakerDevices.get()].map((info) => info.deviceId),
        canSelectOutput: audio.isOutputSelectionSupported,
      },
    });
  }

  /** spec §5: unknown device ids are rejected; the input cannot be unset during a call. */
  async setInputDevice(id: string): Promise<void> {
    const audio = this.device?.audio;
    if (!audio) return;
    if (!audio.availableInputDevices.has(id)) {
      this.deps.notify('That microphone is no longer connected.');
      this.refreshAudio();
      return;
    }
    try {
      await audio.setInputDevice(id);
    } catch (error) {
      this.deps.notify(voiceErrorMessage(error as VoiceErrorLike));
    }
    this.refreshAudio();
  }

  /** spec §5: at least one output device is chosen; unknown ids are rejected. */
  async setOutputDevice(id: string): Promise<void> {
    const audio = this.device?.audio;
    if (!audio) return;
    if (!audio.isOutputSelectionSupported) {
      this.deps.notify(voiceErrorMessage({ message: 'Audio output selection is not supported' }));
      return;
    }
    if (!audio.availableOutputDevices.has(id)) {
      this.deps.notify('That speaker is no longer connected.');
      this.refreshAudio();
      return;
    }
    try {
      await audio.speakerDevices.set([id]);
    } catch (error) {
      this.deps.notify(voiceErrorMessage(error as VoiceErrorLike));
    }
    this.refreshAudio();
  }

  /** Reads the audio devices again (after the microphone permission gives them labels). */
  refreshAudioDevices(): void {
    this.refreshAudio();
  }
}
