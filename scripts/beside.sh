# Sourced by scripts/test.sh and .ci/run (decision 0070).
#
# beside FIRST SECOND: two commands side by side, the first in the background, its output kept
# and shown after the second's; either failing fails the pair. For a job that mostly waits (on
# the network, on timers and a child server) beside one that computes, so the pair takes about
# as long as the longer one. Each runs in `bash -ec`: a function must be exported to be named.
beside() {
  local first=$1 second=$2 log status=0
  log=$(mktemp)
  bash -ec "$first" >"$log" 2>&1 &
  local pid=$!
  bash -ec "$second" || status=$?
  wait "$pid" || status=$?
  cat "$log"
  rm -f "$log"
  return "$status"
}
