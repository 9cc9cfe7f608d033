/**
 * Lets the real `@twilio/voice-sdk` reach a signalling gateway over plain `ws://`.
 *
 * The SDK always builds `wss://<chunderw host>/signal` and captures `globalThis.WebSocket` when
 * its module is evaluated. Install this before the SDK module loads; it rewrites only URLs of the
 * form `wss://<one of signalingHosts>/signal` to `ws://`, and leaves every other WebSocket alone.
 * It is a pure function of configuration the server hands the browser: with `insecure: false`
 * (real Twilio, or a gateway behind TLS) it does nothing.
 */
export interface SignalingConfig {
  /** What the Device gets as `chunderw`, e.g. `['localhost:3000/sandbox']`. */
  signalingHosts: string[];
  /** True when the gateway speaks `ws://` rather than `wss://` (a local sandbox over http). */
  insecure: boolean;
}

export { SANDBOX_SOUND_NAMES, type SandboxSoundName, sandboxSoundUrls } from './sounds';

const INSTALLED = Symbol.for('tentpole.signalingShim');

export function rewriteSignalingUrl(url: string, config: SignalingConfig): string {
  if (!config.insecure) return url;
  for (const host of config.signalingHosts) {
    if (url === `wss://${host}/signal`) return `ws://${host}/signal`;
  }
  return url;
}

export function installSignalingShim(config: SignalingConfig): void {
  if (!config.insecure) return;
  const scope = globalThis as typeof globalThis & { [INSTALLED]?: SignalingConfig };
  if (scope[INSTALLED]) {
    scope[INSTALLED] = config;
    return;
  }
  scope[INSTALLED] = config;
  const Native = globalThis.WebSocket;
  class SignalingWebSocket extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      const current = scope[INSTALLED] ?? config;
      super(rewriteSignalingUrl(String(url), current), protocols);
    }
  }
  globalThis.WebSocket = SignalingWebSocket;
}
