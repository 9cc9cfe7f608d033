import type { SandboxSoundName } from '../browser/sounds';
import { pcmWav } from './mulaw';

const RATE = 8000;

/** Sine tones (Hz) summed, for `ms` milliseconds, with 5 ms fades so they do not click. */
function tones(frequencies: number[], ms: number, amplitude = 5000): Int16Array {
  const count = Math.round((RATE * ms) / 1000);
  const fade = Math.round(RATE * 0.005);
  const out = new Int16Array(count);
  for (let i = 0; i < count; i += 1) {
    const envelope = Math.min(1, i / fade, (count - 1 - i) / fade);
    let value = 0;
    for (const f of frequencies) value += Math.sin((2 * Math.PI * f * i) / RATE);
    out[i] = Math.round((amplitude * envelope * value) / Math.max(1, frequencies.length));
  }
  return out;
}

const silence = (ms: number) => new Int16Array(Math.round((RATE * ms) / 1000));

function join(parts: Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** DTMF (row, column) frequencies. */
const DTMF: Record<string, [number, number]> = {
  '1': [697, 1209],
  '2': [697, 1336],
  '3': [697, 1477],
  '4': [770, 1209],
  '5': [770, 1336],
  '6': [770, 1477],
  '7': [852, 1209],
  '8': [852, 1336],
  '9': [852, 1477],
  s: [941, 1209],
  '0': [941, 1336],
  h: [941, 1477],
};

function samplesFor(name: SandboxSoundName): Int16Array {
  switch (name) {
    case 'incoming':
      // A two-burst ring, looped by the SDK while a call rings.
      return join([tones([440, 480], 400), silence(200), tones([440, 480], 400), silence(1500)]);
    case 'outgoing':
      return join([tones([660], 120), silence(40), tones([880], 160)]);
    case 'disconnect':
      return join([
        tones([880], 120),
        silence(40),
        tones([660], 120),
        silence(40),
        tones([440], 200),
      ]);
    default: {
      const pair = DTMF[name.slice('dtmf'.length)] ?? [941, 1336];
      return tones(pair, 150);
    }
  }
}

const cache = new Map<SandboxSoundName, Buffer>();

/** The WAV (16-bit PCM, 8 kHz, mono) the sandbox serves for one of the SDK's sounds. */
export function soundWav(name: SandboxSoundName): Buffer {
  let wav = cache.get(name);
  if (!wav) {
    wav = pcmWav(samplesFor(name), RATE);
    cache.set(name, wav);
  }
  return wav;
}
