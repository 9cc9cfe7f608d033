import { mulawToLinear, SAMPLE_RATE } from '../src/voice/mulaw';

/** Relative power of `frequency` in µ-law `samples` (Goertzel), for telling tones apart. */
export function tonePower(samples: Buffer, frequency: number): number {
  const k = (2 * Math.PI * frequency) / SAMPLE_RATE;
  const coefficient = 2 * Math.cos(k);
  let s1 = 0;
  let s2 = 0;
  for (const byte of samples) {
    const s0 = mulawToLinear(byte) + coefficient * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  return (s1 * s1 + s2 * s2 - coefficient * s1 * s2) / Math.max(1, samples.length) ** 2;
}

/** True when `samples` carry `frequency` far above a frequency nothing in the sandbox plays. */
export function hasTone(samples: Buffer, frequency: number): boolean {
  return tonePower(samples, frequency) > 50 * tonePower(samples, 2900) + 1000;
}

/** Share of samples that are not (near) silence. */
export function loudness(samples: Buffer): number {
  if (samples.length === 0) return 0;
  let loud = 0;
  for (const byte of samples) if (Math.abs(mulawToLinear(byte)) > 200) loud += 1;
  return loud / samples.length;
}
