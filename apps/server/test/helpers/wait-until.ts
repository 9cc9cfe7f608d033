/**
 * Polls `read` until `done` holds for its value and answers that value; throws naming `what`
 * after `timeoutMs`. A read that throws counts as not done yet. For code that runs outside
 * vitest (scripts, helpers of child processes); tests use `vi.waitFor`.
 */
export async function waitUntil<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 120_000, intervalMs = 200 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await read().then(
      (v) => ({ ok: true as const, v }),
      () => ({ ok: false as const }),
    );
    if (value.ok && done(value.v)) return value.v;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
