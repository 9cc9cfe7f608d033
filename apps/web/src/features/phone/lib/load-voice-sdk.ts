import type { VoiceDeviceOptions } from '@tentpole/domain';
import { installSignalingShim } from '@tentpole/phone-sandbox/browser-shim';

export type VoiceSdk = typeof import('@twilio/voice-sdk');

/**
 * Loads `@twilio/voice-sdk` on demand (only accounts with phone service get here). The
 * signalling shim goes in first, because the SDK captures `WebSocket` when its module is
 * evaluated (decision 0005); with `insecure: false` the shim does nothing.
 */
export function loadVoiceSdk(options: VoiceDeviceOptions): Promise<VoiceSdk> {
  installSignalingShim({
    signalingHosts: options.signalingHosts,
    insecure: options.insecureSignaling,
  });
  return import('@twilio/voice-sdk');
}
