import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Drives the production build started the way `npm start` starts it, on its own port and
// with its own data: a fresh embedded database, or DATABASE_URL's when that is set.
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${PORT}`;

// Incoming calls ring every signed-in Bounce Kingdom page of a server, so the call specs get a
// server of their own, on the next port: their Incoming Call dialogs never cover another
// spec's page, and they run beside the other specs instead of after them. Its database is its
// own too: a fresh embedded one, or, with DATABASE_URL, a database beside that one.
const CALLS_PORT = PORT + 1;
// The servers run as production does, so the demo data and the phone sandbox are asked for
// explicitly, and the sandbox's control API and phone page want its token (decision 0021).
export const SANDBOX_TOKEN = 'e2e-sandbox-token-0123456789abcdef0123';
export const CALLS_BASE_URL = `http://localhost:${CALLS_PORT}`;
const CALLS_DATABASE_URL = process.env.DATABASE_URL
  ? callsDatabaseUrl(process.env.DATABASE_URL)
  : undefined;
// For the global teardown, which drops that database after the run.
if (CALLS_DATABASE_URL) process.env.E2E_CALLS_DATABASE_URL = CALLS_DATABASE_URL;

function callsDatabaseUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `${url.pathname.replace(/\/$/, '') || '/postgres'}_e2e_calls`;
  return url.toString();
}

function server(port: number, databaseUrl: string | undefined) {
  const url = `http://localhost:${port}`;
  const dataDir = `e2e/.artifacts/data-${port}`;
  const freshDatabase = databaseUrl !== undefined && databaseUrl === CALLS_DATABASE_URL;
  return {
    command: `${freshDatabase ? 'node e2e/calls-database.mjs && ' : ''}rm -rf ${dataDir} && node apps/server/dist/server.js`,
    cwd: '..',
    url: `${url}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: url,
      NODE_ENV: 'production',
      DEMO_DATA: 'true',
      PHONE_SANDBOX: 'true',
      PHONE_SANDBOX_TOKEN: SANDBOX_TOKEN,
      PAYMENTS_SANDBOX: 'true',
      PAYMENTS_SANDBOX_TOKEN: SANDBOX_TOKEN,
      MAIL_SANDBOX: 'true',
      MAIL_SANDBOX_TOKEN: SANDBOX_TOKEN,
      WEATHER_SANDBOX: 'true',
      WEATHER_SANDBOX_TOKEN: SANDBOX_TOKEN,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  };
}

// Debian's chromium-headless-shell when it is installed: Chromium's old headless mode, the one
// Playwright's own Chromium runs headless, without the full browser's UI processes. On 12 tests
// it used 27 % less CPU than the full browser (173 against 238 CPU-seconds, decision 0063).
// Otherwise the full browser, in its new headless mode. CHROMIUM_PATH overrides both.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: './tests',
  outputDir: './.artifacts/results',
  // Two workers for the specs beside the calls, one for the calls' server.
  workers: 3,
  // In CI a test that fails once runs once more and, if it passes, is reported as flaky (the
  // list reporter names it): a busy 2-core machine must not throw away a whole run on one
  // timing, and a behaviour that is broken still fails twice (decision 0019).
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  // Room for a busy two-core machine; what a test waits for is bounded by its expectations. CI
  // machines are shared and have been seen at a third of this one's speed, so there a page gets
  // longer to answer before a test calls it broken (a broken page still fails, later).
  timeout: process.env.CI ? 90_000 : 60_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  use: {
    baseURL: BASE_URL,
    extraHTTPHeaders: { 'x-sandbox-token': SANDBOX_TOKEN },
    // Recording a trace for every test cost a fifth of the run's CPU (screencast frames in
    // Chromium's browser and GPU processes); a failing test's retry records one instead, and
    // without CI a failure is rerun with --trace on (decision 0063).
    trace: 'on-first-retry',
    // Without transitions a check never meets a half-faded toast or dialog (axe once measured
    // a fading toast's contrast), and the pages cost less to draw.
    contextOptions: { reducedMotion: 'reduce' },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        '--autoplay-policy=no-user-gesture-required',
        // Debian's chromium turns on GPU rasterization (/etc/chromium.d), which without a GPU
        // means SwiftShader emulating one on the CPU: a third of the browser tests' time here.
        '--disable-gpu-rasterization',
      ],
    },
  },
  projects: [
    // First, so its one long file (its tests run in order, one call at a time) starts at once.
    {
      name: 'reach calls',
      use: { ...devices['Desktop Chrome'], baseURL: CALLS_BASE_URL },
      testMatch: /reach-calls\.spec\.ts/,
    },
    // The caller card's calls ring the same pages: on the calls' server, after them.
    {
      name: 'caller card',
      use: { ...devices['Desktop Chrome'], baseURL: CALLS_BASE_URL },
      testMatch: /caller-card\.spec\.ts/,
      dependencies: ['reach calls'],
    },
    // Hold for caller rings the same pages too: after the caller card's calls.
    {
      name: 'caller hold',
      use: { ...devices['Desktop Chrome'], baseURL: CALLS_BASE_URL },
      testMatch: /caller-hold\.spec\.ts/,
      dependencies: ['caller card'],
    },
    // Test by test across the workers (a file whose tests depend on each other says so).
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: /reach-calls\.spec\.ts|caller-(card|hold)\.spec\.ts/,
      fullyParallel: true,
    },
  ],
  webServer: [server(PORT, process.env.DATABASE_URL), server(CALLS_PORT, CALLS_DATABASE_URL)],
  globalTeardown: CALLS_DATABASE_URL ? './calls-database.mjs' : undefined,
});
