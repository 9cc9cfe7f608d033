import { VOICE, type VoiceDeviceOptions } from '@tentpole/domain';
import { SANDBOX_SOUND_NAMES } from '@tentpole/phone-sandbox/browser-shim';
import type { Device, PreflightTest } from '@twilio/voice-sdk';
import type { VoiceSdk } from './load-voice-sdk';

/**
 * The SDK's public options plus `chunderw`, the gateway host it reads at runtime but types
 * only on its internal testing options (notes/twilio.md §2, decision 0005).
 */
export type DeviceOptionsWithGateway = Device.Options & {
  chunderw?: string[];
  publishEvents?: boolean;
};

function codecs(sdk: VoiceSdk) {
  const byName = { opus: sdk.Call.Codec.Opus, pcmu: sdk.Call.Codec.PCMU } as const;
  return VOICE.codecPreferences.map((name) => byName[name]);
}

function gateway(config: VoiceDeviceOptions): { chunderw?: string[] } {
  return config.signalingHosts.length > 0 ? { chunderw: [...config.signalingHosts] } : {};
}

/** The sounds the Device plays, from the carrier's base URL (the SDK's own without one). */
export function deviceSounds(
  soundsBaseUrl: string | null,
): Partial<Record<Device.SoundName, string>> | undefined {
  if (!soundsBaseUrl) return undefined;
  const base = soundsBaseUrl.replace(/\/+$/, '');
  return Object.fromEntries(SANDBOX_SOUND_NAMES.map((name) => [name, `${base}/${name}.wav`]));
}

/** spec §9: the product's Device settings; the rest of §9's numbers are the SDK's defaults. */
export function deviceOptions(sdk: VoiceSdk, config: VoiceDeviceOptions): DeviceOptionsWithGateway {
  const sounds = deviceSounds(config.soundsBaseUrl);
  return {
    codecPreferences: codecs(sdk),
    logLevel: VOICE.logLevel,
    tokenRefreshMs: VOICE.tokenRefreshMs,
    // spec §4: an incoming call is ignored while busy.
    allowIncomingWhileBusy: false,
    // Gives busy, unavailable, declined and not-found their own codes (notes/twilio.md §4).
    enableImprovedSignalingErrorPrecision: true,
    // Leaving the page mid-call asks first.
    closeProtection: true,
    // Insights go to Twilio's event gateway only; with another carrier there is none to reach.
    publishEvents: config.publishInsights,
    ...gateway(config),
    ...(sounds ? { sounds } : {}),
  };
}

/** spec §3, §9: the connection test's options, on the same gateway as the Device. */
export function preflightOptions(
  sdk: VoiceSdk,
  config: VoiceDeviceOptions,
): PreflightTest.Options & { chunderw?: string[]; publishEvents?: boolean } {
  return {
    codecPreferences: codecs(sdk),
    logLevel: VOICE.logLevel,
    signalingTimeoutMs: VOICE.preflightSignalingTimeoutMs,
    publishEvents: config.publishInsights,
    ...gateway(config),
  };
}
