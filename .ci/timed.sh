# Sourced by .ci/run and .ci/database-lane: runs a part and prints how long it took, for keeping
# CI short.
timed() {
  local name=$1 start=$SECONDS status=0
  shift
  echo "== $name"
  "$@" || status=$?
  echo "== $name: $((SECONDS - start)) s"
  return "$status"
}
