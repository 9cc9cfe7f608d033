/**
 * The Voice SDK's sounds, served by the sandbox so the browser never reaches for
 * `sdk.twilio.com` (offline that fetch fails and holds back `incoming` for ~2 s). Pass the result
 * as the Device's `sounds` option: `new Device(token, { sounds: sandboxSoundUrls(base) })`.
 */
export const SANDBOX_SOUND_NAMES = [
  'incoming',
  'outgoing',
  'disconnect',
  'dtmf0',
  'dtmf1',
  'dtmf2',
  'dtmf3',
  'dtmf4',
  'dtmf5',
  'dtmf6',
  'dtmf7',
  'dtmf8',
  'dtmf9',
  'dtmfs',
  'dtmfh',
] as const;

export type SandboxSoundName = (typeof SANDBOX_SOUND_NAMES)[number];

/**
 * `baseUrl` is where the sandbox is mounted, as the browser reaches it, e.g.
 * `http://localhost:3000/sandbox` (or a path such as `/sandbox` on the same origin).
 */
export function sandboxSoundUrls(baseUrl: string): Record<SandboxSoundName, string> {
  const base = baseUrl.replace(/\/+$/, '');
  const urls = {} as Record<SandboxSoundName, string>;
  for (const name of SANDBOX_SOUND_NAMES) urls[name] = `${base}/sounds/${name}.wav`;
  return urls;
}
