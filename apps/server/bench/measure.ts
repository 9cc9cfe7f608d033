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

/** Percentiles of samples taken by hand (when only part of each run is timed). */
export function summarize(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), n: sorted.length };
}

/**
 * Runs `total` calls of `fn` with `concurrency` in flight at once; the latency of each and
 * the throughput of the whole.
 */
export async function measureConcurrent(
  fn: (i: number) => Promise<void>,
  { total, concurrency }: { total: number; concurrency: number },
): Promise<Timing & { perSecond: number }> {
  const samples: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const start = performance.now();
        await fn(i);
        samples.push(performance.now() - start);
      }
    }),
  );
  const elapsed = performance.now() - started;
  samples.sort((a, b) => a - b);
  const at = (q: number) =>
    samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), n: samples.length, perSecond: (total / elapsed) * 1000 };
}
