export type { SignalingConfig } from './browser/signaling-shim';
export { sandboxHttpClient } from './http-client';
export type { PhoneSandboxOptions, SandboxLogger } from './options';
export { assertSandboxAllowed, SandboxRefusedError } from './production-guard';
export type { NumberBehavior, SmsBehavior, VoiceBehavior } from './pstn/magic-numbers';
export { isE164, MAGIC_NUMBERS, MAGIC_VALID_FROM } from './pstn/magic-numbers';
export type { PhoneSandbox } from './sandbox';
export { createPhoneSandbox } from './sandbox';
export { PSTREAM_VERSION } from './voice/gateway';
