import { EventEmitter } from 'node:events';
import type { Call, Device } from '@twilio/voice-sdk';
import { vi } from 'vitest';

/**
 * Stand-ins for the Voice SDK's Call and Device (the carrier is outside the web app): the
 * same events and methods VoicePhone uses, with spies. End-to-end tests use the real SDK
 * against the phone sandbox.
 */
export class FakeCall extends EventEmitter {
  muted = false;
  state = 'pending';
  readonly customParameters: Map<string, string>;
  readonly parameters: Record<string, string>;
  readonly accept = vi.fn();
  readonly ignore = vi.fn();
  readonly reject = vi.fn(() => {
    this.state = 'closed';
    this.emit('reject');
  });
  readonly disconnect = vi.fn(() => {
    this.state = 'closed';
    this.emit('disconnect', this);
  });
  readonly sendDigits = vi.fn();
  readonly mute = vi.fn((shouldMute = true) => {
    this.muted = shouldMute;
    this.emit('mute', shouldMute, this);
  });

  constructor(custom: Record<string, string> = {}, parameters: Record<string, string> = {}) {
    super();
    this.customParameters = new Map(Object.entries(custom));
    this.parameters = parameters;
  }

  isMuted() {
    return this.muted;
  }

  status() {
    return this.state;
  }

  asCall(): Call {
    return this as unknown as Call;
  }
}

export class FakeDevice extends EventEmitter {
  state = 'unregistered';
  audio = null;
  nextCall = new FakeCall();
  readonly register = vi.fn(async () => {
    this.state = 'registered';
    this.emit('registered');
  });
  readonly unregister = vi.fn(async () => {
    this.state = 'unregistered';
    this.emit('unregistered');
  });
  readonly updateToken = vi.fn();
  readonly connect = vi.fn(async () => this.nextCall.asCall());
  readonly destroy = vi.fn();
  readonly disconnectAll = vi.fn();

  asDevice(): Device {
    return this as unknown as Device;
  }

  ring(call: FakeCall) {
    this.emit('incoming', call.asCall());
  }
}
