import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Two Chromium pages per test: the staff browser (the real @twilio/voice-sdk) and the phone
// simulator, both reaching the sandbox the spec'd way. Each spec starts its own sandbox.
// Debian's chromium-headless-shell when installed (less CPU than the full browser), else
// /usr/bin/chromium; CHROMIUM_PATH overrides both (as the app's browser tests, decision 0063).
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: './.artifacts/results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    browserName: 'chromium',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        // Debian's chromium asks for GPU rasterization: SwiftShader on the CPU (decision 0063).
        '--disable-gpu-rasterization',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
});
