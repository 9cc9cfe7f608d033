import { performance } from 'node:perf_hooks';

export type Timing = { p50: number; p95: number; n: number };

/** Runs `fn` `n` times after `warmup` runs and returns its latency percentiles in ms. */
export async function measure(
  fn: (i: number) => Promise<void>,
  n = 200,
  warmup = 20,
): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn(i);
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await fn(i);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) =>
    samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), n };
}

export const ms = (value: number) => `${value.toFixed(2)} ms`;
