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

crash_log=$(mktemp)
npm run test:crash >"$crash_log" 2>&1 &
crash=$!
status=0
npx playwright test -c packages/phone-sandbox/e2e/playwright.config.ts || status=$?
wait "$crash" || status=$?
cat "$crash_log"
rm -f "$crash_log"
exit "$status"
