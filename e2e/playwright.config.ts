import { defineConfig, devices } from '@playwright/test';

// Drives the production build started the way `npm start` starts it, on its own port and
// with its own data: a fresh embedded database, or DATABASE_URL's when that is set.
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${PORT}`;
const DATA_DIR = `e2e/.artifacts/data-${PORT}`;

export default defineConfig({
  testDir: './tests',
  outputDir: './.artifacts/results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: /reach-calls\.spec\.ts/,
    },
    // Incoming calls ring every signed-in Bounce Kingdom page, so the call specs run after the
    // rest: their Incoming Call dialogs never cover another spec's page.
    {
      name: 'reach calls',
      use: { ...devices['Desktop Chrome'] },
      testMatch: /reach-calls\.spec\.ts/,
      dependencies: ['chromium'],
    },
  ],
  webServer: {
    command: `rm -rf ${DATA_DIR} && node apps/server/dist/server.js`,
    cwd: '..',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR,
      APP_URL: BASE_URL,
      NODE_ENV: 'production',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  },
});
