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

/** Wraps µ-law samples in a WAV container (format 7, 8 kHz, mono). */
export function mulawWav(samples: Buffer): Buffer {
  const header = Buffer.alloc(58);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(50 + samples.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(18, 16);
  header.writeUInt16LE(7, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.writeUInt16LE(0, 36);
  header.write('fact', 38, 'ascii');
  header.writeUInt32LE(4, 42);
  header.writeUInt32LE(samples.length, 46);
  header.write('data', 50, 'ascii');
  header.writeUInt32LE(samples.length, 54);
  return Buffer.concat([header, samples]);
}
