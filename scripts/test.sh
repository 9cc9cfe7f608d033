#!/usr/bin/env bash
# `npm test`: every test. The unit and integration tests, then the browser tests; the crash test
# runs beside the phone sandbox's browser tests: those use one browser at a time and the crash
# test mostly waits on its child server, the carrier's retries and the job worker, so the pair
# takes about as long as the crash test alone (decision 0070). Its output is shown after them;
# either failing fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."

npm run test:unit
npm run build
npx playwright test -c e2e/playwright.config.ts

source scripts/beside.sh
beside 'npm run test:crash' 'npx playwright test -c packages/phone-sandbox/e2e/playwright.config.ts'
