/**
 * A long test's time limit, with the same room the config gives every test in CI: shared CI
 * machines have run this suite at a third of a developer machine's speed (decision 0034).
 */
export function timeLimit(ms: number): number {
  return process.env.CI ? Math.round(ms * 1.5) : ms;
}
