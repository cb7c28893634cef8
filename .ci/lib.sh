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

SPARE_CPU_GROUP=/sys/fs/cgroup/cpu/ci-spare-cpu

# Gives the processes `pids`, and those they start from then on, only the CPU that nothing else
# wants: a cgroup whose `cpu.idle` is set. Its processes yield the moment another wakes, so the
# journeys beside them keep their pace (they are chains of short steps, and a lower nice alone,
# which still shares the CPU, slowed them by a sixth). Without that cgroup (no cgroup v1 cpu
# controller, no privilege): the lowest nice, and the same for a session's autogroup, since Linux
# shares the CPU between sessions before nice counts within one.
to_spare_cpu() {
  local pid
  if { [ -d "$SPARE_CPU_GROUP" ] || mkdir "$SPARE_CPU_GROUP" 2>/dev/null; } && echo 1 2>/dev/null >"$SPARE_CPU_GROUP/cpu.idle"; then
    for pid in "$@"; do echo "$pid" >"$SPARE_CPU_GROUP/cgroup.procs"; done
    return
  fi
  for pid in "$@"; do
    renice -n 19 -p "$pid" >/dev/null
    if [ "$(ps -o sid= -p "$pid" | tr -d ' ')" = "$pid" ] && [ -w "/proc/$pid/autogroup" ]; then echo 19 >"/proc/$pid/autogroup"; fi
  done
}

# Moves what is left in the spare-CPU cgroup (PostgreSQL) back, and removes the cgroup.
leave_spare_cpu() {
  [ -d "$SPARE_CPU_GROUP" ] || return 0
  local pid
  for pid in $(cat "$SPARE_CPU_GROUP/cgroup.procs"); do echo "$pid" >"$SPARE_CPU_GROUP/../cgroup.procs" 2>/dev/null || true; done
  rmdir "$SPARE_CPU_GROUP" 2>/dev/null || true
}
