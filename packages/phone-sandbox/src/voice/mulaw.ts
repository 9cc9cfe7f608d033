/** G.711 µ-law, the codec the server-side peer speaks (payload type 0, 8 kHz mono). */
export const SAMPLE_RATE = 8000;
/** Samples in one 20 ms RTP packet. */
export const FRAME_SAMPLES = 160;

export function linearToMulaw(sample: number): number {
  const BIAS = 0x84;
  const CLIP = 32635;
  let s = Math.max(-CLIP, Math.min(CLIP, Math.round(sample)));
  const sign = s < 0 ? 0x80 : 0;
  if (sign) s = -s;
  s += BIAS;
  let exponent = 7;
  for (let mask = 0x4000; (s & mask) === 0 && exponent > 0; mask >>= 1) exponent -= 1;
  const mantissa = (s >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

export function mulawToLinear(byte: number): number {
  const u = ~byte & 0xff;
  const sign = u & 0x80;
  const exponent = (u >> 4) & 0x07;
  const mantissa = u & 0x0f;
  const magnitude = (((mantissa << 3) + 0x84) << exponent) - 0x84;
  return sign ? -magnitude : magnitude;
}

/** The µ-law byte for silence. */
export const MULAW_SILENCE = 0xff;

/** µ-law samples of a sine tone (or silence when `frequency` is 0). */
export function tone(frequency: number, durationMs: number, amplitude = 6000): Buffer {
  const count = Math.round((SAMPLE_RATE * durationMs) / 1000);
  const out = Buffer.alloc(count);
  for (let i = 0; i < count; i += 1) {
    const value =
      frequency === 0 ? 0 : amplitude * Math.sin((2 * Math.PI * frequency * i) / SAMPLE_RATE);
    out[i] = linearToMulaw(value);
  }
  return out;
}

/**
 * A stand-in for speech: one short tone per word, pitch varying with the word, so a listener
 * hears that something is being said and for about as long as it would take.
 */
export function speechTones(text: string): Buffer {
  const words = text.split(/\s+/).filter((w) => w !== '');
  const parts: Buffer[] = [];
  for (const word of words) {
    const pitch = 300 + ((word.charCodeAt(0) * 7) % 300);
    parts.push(tone(pitch, 120 + 40 * Math.min(word.length, 8)), tone(0, 80));
  }
  return Buffer.concat(parts);
}

/** µ-law samples of two tones at once (telephone signalling tones). */
export function dualTone(low: number, high: number, durationMs: number, amplitude = 4000): Buffer {
  const count = Math.round((SAMPLE_RATE * durationMs) / 1000);
  const out = Buffer.alloc(count);
  for (let i = 0; i < count; i += 1) {
    const t = i / SAMPLE_RATE;
    out[i] = linearToMulaw(
      amplitude * (Math.sin(2 * Math.PI * low * t) + Math.sin(2 * Math.PI * high * t)),
    );
  }
  return out;
}

/** One cycle of the North American ringback: 440 + 480 Hz, 2 s on, 4 s off. */
export function ringbackCycle(): Buffer {
  return Buffer.concat([dualTone(440, 480, 2000), tone(0, 4000)]);
}

/** Pads `samples` with silence in front (`lead` samples) and behind, to `length` samples. */
export function padSamples(samples: Buffer, lead: number, length: number): Buffer {
  const out = Buffer.alloc(Math.max(length, lead + samples.length), MULAW_SILENCE);
  samples.copy(out, lead);
  return out;
}

/** Mixes equally long µ-law tracks into one. */
export function mixMulaw(a: Buffer, b: Buffer): Buffer {
  const out = Buffer.alloc(Math.max(a.length, b.length));
  for (let i = 0; i < out.length; i += 1) {
    const x = i < a.length ? mulawToLinear(a[i] ?? MULAW_SILENCE) : 0;
    const y = i < b.length ? mulawToLinear(b[i] ?? MULAW_SILENCE) : 0;
    out[i] = linearToMulaw(x + y);
  }
  return out;
}

/** Interleaves two µ-law tracks into stereo frames (first channel `left`). */
export function interleaveMulaw(left: Buffer, right: Buffer): Buffer {
  const frames = Math.max(left.length, right.length);
  const out = Buffer.alloc(frames * 2, MULAW_SILENCE);
  for (let i = 0; i < frames; i += 1) {
    out[2 * i] = left[i] ?? MULAW_SILENCE;
    out[2 * i + 1] = right[i] ?? MULAW_SILENCE;
  }
  return out;
}

/** Wraps µ-law samples in a WAV container (format 7, 8 kHz; stereo samples interleaved). */
export function mulawWav(samples: Buffer, channels: 1 | 2 = 1): Buffer {
  const header = Buffer.alloc(58);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(50 + samples.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(18, 16);
  header.writeUInt16LE(7, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * channels, 28);
  header.writeUInt16LE(channels, 32);
  header.writeUInt16LE(8, 34);
  header.writeUInt16LE(0, 36);
  header.write('fact', 38, 'ascii');
  header.writeUInt32LE(4, 42);
  header.writeUInt32LE(samples.length / channels, 46);
  header.write('data', 50, 'ascii');
  header.writeUInt32LE(samples.length, 54);
  return Buffer.concat([header, samples]);
}

/** 16-bit PCM WAV of linear samples (what browsers play for the Voice SDK's sounds). */
export function pcmWav(samples: Int16Array, sampleRate = SAMPLE_RATE): Buffer {
  const header = Buffer.alloc(44);
  const bytes = samples.length * 2;
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + bytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(bytes, 40);
  const data = Buffer.alloc(bytes);
  for (let i = 0; i < samples.length; i += 1) data.writeInt16LE(samples[i] ?? 0, i * 2);
  return Buffer.concat([header, data]);
}
