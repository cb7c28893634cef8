# Sourced by .ci/run and .ci/database-lane.

# Runs a part and prints how long it took, for keeping CI short.
timed() {
  local name=$1 start=$SECONDS status=0
  shift
  echo "== $name"
  "$@" || status=$?
  echo "== $name: $((SECONDS - start)) s"
  return "$status"
}

# Lowers a session's share of the CPU: the process `pid` (which must lead its session) and every
# process it starts. Linux shares the CPU between sessions first (autogroups, when the kernel has
# them) and only then by nice within one, so a process of another session at nice 10 would still
# take half the machine from `npm test`: the session's own nice is set, and the leader reniced for
# kernels without autogroups.
lower_session_priority() {
  local pid=$1
  [ "$(ps -o sid= -p "$pid" | tr -d ' ')" = "$pid" ] || { echo "lower_session_priority: $pid does not lead its session" >&2; return 1; }
  if [ -w "/proc/$pid/autogroup" ]; then echo 10 >"/proc/$pid/autogroup"; fi
  renice -n 10 -p "$pid" >/dev/null
}
