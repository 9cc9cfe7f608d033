import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeCall, FakeDevice } from '../test/fake-voice-sdk';
import type { VoicePhoneDeps } from './phone-snapshot';
import { VOICE_ERRORS } from './voice-errors';
import { NOT_READY_MESSAGE, VoicePhone } from './voice-phone';

function setUp(overrides: Partial<VoicePhoneDeps> = {}) {
  const device = new FakeDevice();
  const tokens = ['token-1', 'token-2', 'token-3', 'token-4'];
  const deps = {
    fetchToken: vi.fn(async () => tokens.shift() ?? 'token-n'),
    createDevice: vi.fn(async () => device.asDevice()),
    notify: vi.fn(),
    log: vi.fn(),
    now: () => 1_000,
    recoveryDelaysMs: [10, 20],
    ...overrides,
  } satisfies VoicePhoneDeps;
  const phone = new VoicePhone(deps);
  return { phone, device, deps };
}

async function started(overrides: Partial<VoicePhoneDeps> = {}) {
  const setup = setUp(overrides);
  await setup.phone.start();
  return setup;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('VoicePhone device (spec §4 voice device)', () => {
  it('creates the device with the token it fetched, then registers it', async () => {
    const { phone, device, deps } = await started();
    expect(deps.createDevice).toHaveBeenCalledWith('token-1');
    expect(device.register).toHaveBeenCalledTimes(1);
    expect(phone.getSnapshot().registration).toBe('registered');
    expect(phone.hasToken).toBe(true);
  });

  it('updates the token of an existing device in place instead of making another', async () => {
    const { phone, device, deps } = await started();
    await phone.start();
    expect(deps.createDevice).toHaveBeenCalledTimes(1);
    expect(device.updateToken).toHaveBeenCalledWith('token-2');
  });

  it('fetches a new token when the current one is about to expire', async () => {
    const { device } = await started();
    device.emit('tokenWillExpire', device);
    await vi.waitFor(() => expect(device.updateToken).toHaveBeenCalledWith('token-2'));
  });

  it('makes no device when the token cannot be fetched', async () => {
    const { phone, deps } = await started({
      fetchToken: vi.fn(async () => {
        throw new Error('Failed to get voice token');
      }),
    });
    expect(deps.createDevice).not.toHaveBeenCalled();
    expect(phone.getSnapshot().registration).toBe('failed');
  });

  it('on a device error unregisters and clears the calls and the token, then recovers an expired token', async () => {
    vi.useFakeTimers();
    const { phone, device, deps } = await started();
    device.ring(new FakeCall({ From: '+15550100123' }));
    expect(phone.getSnapshot().incoming).not.toBeNull();

    device.emit('error', { code: 20104, message: 'AccessTokenExpired' });
    expect(deps.log).toHaveBeenCalledWith(
      'Voice device error',
      expect.objectContaining({ code: 20104 }),
    );
    expect(device.unregister).toHaveBeenCalled();
    expect(device.disconnectAll).toHaveBeenCalled();
    expect(phone.getSnapshot()).toMatchObject({
      incoming: null,
      active: null,
      registration: 'failed',
      problem: VOICE_ERRORS[20104]?.message,
    });
    expect(phone.hasToken).toBe(false);
    // Recovering an expired token is silent: no toast.
    expect(deps.notify).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(10);
    expect(device.updateToken).toHaveBeenCalledWith('token-2');
    expect(device.register).toHaveBeenCalledTimes(2);
    expect(phone.getSnapshot().registration).toBe('registered');
  });

  it('tells the person when a device error cannot be recovered by itself', async () => {
    const { phone, device, deps } = await started();
    device.emit('error', { code: 20151, message: 'AuthenticationFailed' });
    expect(deps.notify).toHaveBeenCalledWith('Phone authorization failed. Please sign in again.');
    expect(phone.getSnapshot().registration).toBe('failed');
  });

  it('leaves an error about one call to that call', async () => {
    const { phone, device } = await started();
    device.emit('error', { code: 31486 }, new FakeCall().asCall());
    expect(device.unregister).not.toHaveBeenCalled();
    expect(phone.getSnapshot().registration).toBe('registered');
  });

  it('destroys the device when stopped', async () => {
    const { phone, device } = await started();
    phone.stop();
    expect(device.destroy).toHaveBeenCalled();
    expect(phone.getSnapshot().registration).toBe('off');
  });
});

describe('VoicePhone incoming calls (spec §2, §4)', () => {
  it('shows a ringing call with its From and customerId', async () => {
    const { phone, device } = await started();
    device.ring(new FakeCall({ From: '+15550100123', customerId: 'cust-1' }));
    expect(phone.getSnapshot().incoming).toMatchObject({
      direction: 'incoming',
      number: '+15550100123',
      customerId: 'cust-1',
      status: 'pending',
    });
  });

  it('falls back to parameters.From without custom parameters', async () => {
    const { phone, device } = await started();
    device.ring(new FakeCall({}, { From: '+15550100999' }));
    expect(phone.getSnapshot().incoming).toMatchObject({
      number: '+15550100999',
      customerId: null,
    });
  });

  it('ignores a second call while one is ringing', async () => {
    const { phone, device } = await started();
    const first = new FakeCall({ From: '+15550100123' });
    const second = new FakeCall({ From: '+15550100124' });
    device.ring(first);
    device.ring(second);
    expect(second.ignore).toHaveBeenCalled();
    expect(phone.getSnapshot().incoming?.number).toBe('+15550100123');
  });

  it.each(['cancel', 'disconnect', 'reject'])('clears the ringing call on %s', async (event) => {
    const { phone, device } = await started();
    const call = new FakeCall({ From: '+15550100123' });
    device.ring(call);
    call.emit(event);
    expect(phone.getSnapshot().incoming).toBeNull();
  });

  it('Accept answers the call, which becomes the active call and opens on accept', async () => {
    const { phone, device } = await started();
    const call = new FakeCall({ From: '+15550100123' });
    device.ring(call);
    phone.accept();
    expect(call.accept).toHaveBeenCalled();
    expect(phone.getSnapshot().incoming).toBeNull();
    expect(phone.getSnapshot().active).toMatchObject({ status: 'connecting' });
    call.emit('accept', call);
    expect(phone.getSnapshot().active).toMatchObject({ status: 'open', acceptedAt: 1_000 });
    call.emit('disconnect');
    expect(phone.getSnapshot().active).toBeNull();
  });

  it('Reject rejects the call and closing the dialog ignores it', async () => {
    const { phone, device } = await started();
    const rejected = new FakeCall({ From: '+15550100123' });
    device.ring(rejected);
    phone.reject();
    expect(rejected.reject).toHaveBeenCalled();
    expect(phone.getSnapshot().incoming).toBeNull();

    const ignored = new FakeCall({ From: '+15550100124' });
    device.ring(ignored);
    phone.ignore();
    // Ignored here, not closed: it rings on elsewhere and can still be answered from here.
    expect(ignored.ignore).not.toHaveBeenCalled();
    expect(ignored.reject).not.toHaveBeenCalled();
    expect(phone.getSnapshot().incoming).toMatchObject({ dismissed: true });
    phone.reopen();
    expect(phone.getSnapshot().incoming).toMatchObject({ dismissed: false });
    phone.ignore();
    // It stops ringing (answered elsewhere, the caller hung up): it is gone.
    ignored.emit('cancel');
    expect(phone.getSnapshot().incoming).toBeNull();
  });

  it('answers an ignored call that still rings', async () => {
    const { phone, device } = await started();
    const call = new FakeCall({ From: '+15550100125' });
    device.ring(call);
    phone.ignore();
    phone.accept();
    expect(call.accept).toHaveBeenCalled();
    expect(phone.getSnapshot().active).toMatchObject({ status: 'connecting', dismissed: false });
  });

  it('ignores an incoming call during the active call', async () => {
    const { phone, device } = await started();
    await phone.call('5550100123');
    const call = new FakeCall({ From: '+15550100124' });
    device.ring(call);
    expect(call.ignore).toHaveBeenCalled();
    expect(phone.getSnapshot().incoming).toBeNull();
  });
});

describe('VoicePhone outgoing calls (spec §5, §7)', () => {
  it('connects with To, the number normalised (+1 for 10 digits)', async () => {
    const { phone, device } = await started();
    expect(await phone.call('(555) 010-0123')).toBe(true);
    expect(device.connect).toHaveBeenCalledWith({ params: { To: '+15550100123' } });
    expect(phone.getSnapshot().active).toMatchObject({
      direction: 'outgoing',
      number: '+15550100123',
      status: 'connecting',
    });
    device.nextCall.emit('ringing');
    expect(phone.getSnapshot().active?.status).toBe('ringing');
  });

  it('says the phone is not ready before it registered', async () => {
    const { phone, deps } = setUp();
    expect(await phone.call('5550100123')).toBe(false);
    expect(deps.notify).toHaveBeenCalledWith(NOT_READY_MESSAGE);
  });

  it("shows a call error's message and clears the call when it closed", async () => {
    const { phone, device, deps } = await started();
    await phone.call('+15005550010');
    device.nextCall.state = 'closed';
    device.nextCall.emit('error', { code: 31486, message: 'BusyHere' });
    expect(deps.notify).toHaveBeenCalledWith('The line is busy.');
    expect(phone.getSnapshot().active).toBeNull();
  });

  it('asks why a call nobody answered ended without an error', async () => {
    const explainUnanswered = vi.fn(async () => 'The line is busy.');
    const { phone, device, deps } = await started({ explainUnanswered });
    await phone.call('+15005550010');
    device.nextCall.emit('disconnect');
    expect(explainUnanswered).toHaveBeenCalledWith('+15005550010', 1_000);
    await vi.waitFor(() => expect(deps.notify).toHaveBeenCalledWith('The line is busy.'));
  });

  it('does not explain a call the person hung up', async () => {
    const explainUnanswered = vi.fn(async () => null);
    const { phone } = await started({ explainUnanswered });
    await phone.call('5550100123');
    phone.hangUp();
    expect(explainUnanswered).not.toHaveBeenCalled();
    expect(phone.getSnapshot().active).toBeNull();
  });

  it('sends only dial digits (0-9, *, # and w)', async () => {
    const { phone, device } = await started();
    await phone.call('5550100123');
    expect(phone.sendDigits('1w2#*')).toBe(true);
    expect(phone.sendDigits('12a')).toBe(false);
    expect(device.nextCall.sendDigits).toHaveBeenCalledTimes(1);
    expect(device.nextCall.sendDigits).toHaveBeenCalledWith('1w2#*');
  });

  it('mutes and unmutes, and averages the MOS samples', async () => {
    const { phone, device } = await started();
    await phone.call('5550100123');
    phone.toggleMute();
    expect(phone.getSnapshot().active?.muted).toBe(true);
    phone.toggleMute();
    expect(phone.getSnapshot().active?.muted).toBe(false);
    device.nextCall.emit('sample', { mos: 4.4 });
    device.nextCall.emit('sample', { mos: null });
    device.nextCall.emit('sample', { mos: 4.0 });
    expect(phone.getSnapshot().active?.mos).toEqual({ sum: 8.4, count: 2 });
  });
});
