#!/usr/bin/env bash
# Starts a single-node OpenStack Swift with its S3 layer (s3api + tempauth) on 127.0.0.1, for the
# S3 storage tests (vitest.s3.config.ts). Run as root on Debian 12 with these packages already
# installed (this script installs nothing):
#   swift swift-proxy swift-object swift-container swift-account memcached python3-swift
# Prints the environment the tests read, ready for `eval "$(scripts/start-swift.sh)"`.
# Idempotent: a second run restarts the servers over the same data. `scripts/start-swift.sh stop`
# stops them.
#
# Layout: everything under $SWIFT_ROOT (default /srv/swift-s3-test): conf/ (configs and rings),
# node/d1 (the one device: a plain directory, so mount_check is off), log/, run/ (pid files).
set -euo pipefail

ROOT=${SWIFT_ROOT:-/srv/swift-s3-test}
PORT=${SWIFT_S3_PORT:-18080}
# Storage servers listen next to each other above the proxy port, away from Swift's defaults.
OBJECT_PORT=$((PORT + 10))
CONTAINER_PORT=$((PORT + 11))
ACCOUNT_PORT=$((PORT + 12))
MEMCACHED_PORT=$((PORT + 13))
ACCOUNT=${SWIFT_S3_ACCOUNT:-apptest}
USER_NAME=${SWIFT_S3_USER:-uploader}
CONF=$ROOT/conf
RUN=$ROOT/run
LOG=$ROOT/log

stop_all() {
  local pids=()
  for pidfile in "$RUN"/*.pid; do
    [ -e "$pidfile" ] || continue
    pids+=("$(cat "$pidfile")")
    rm -f "$pidfile"
  done
  [ ${#pids[@]} -gt 0 ] || return 0
  kill "${pids[@]}" 2>/dev/null || true
  # Wait until they are gone: a new server cannot bind the ports before then.
  for pid in "${pids[@]}"; do
    for _ in $(seq 1 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.2
    done
  done
}

if [ "${1:-}" = "stop" ]; then
  stop_all
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "start-swift.sh: run as root (it writes under $ROOT and starts servers as the swift user)" >&2
  exit 1
fi
for bin in swift-proxy-server swift-object-server swift-container-server swift-account-server swift-ring-builder memcached; do
  command -v "$bin" >/dev/null || { echo "start-swift.sh: $bin is missing; install the Swift packages first" >&2; exit 1; }
done

stop_all
mkdir -p "$CONF" "$RUN" "$LOG" "$ROOT/node/d1" /var/cache/swift
# Swift refuses to start without the cluster-wide hash settings, which live in this fixed file.
if [ ! -s /etc/swift/swift.conf ]; then
  mkdir -p /etc/swift
  printf '[swift-hash]\nswift_hash_path_suffix = s3-test\nswift_hash_path_prefix = s3-test\n\n[storage-policy:0]\nname = Policy-0\ndefault = yes\n' >/etc/swift/swift.conf
fi

# The secret survives restarts, so an environment printed earlier keeps working.
SECRET_FILE=$CONF/s3-secret
[ -s "$SECRET_FILE" ] || head -c 24 /dev/urandom | base64 | tr -d '/+=' >"$SECRET_FILE"
SECRET=$(cat "$SECRET_FILE")

common="[DEFAULT]
bind_ip = 127.0.0.1
user = swift
swift_dir = $CONF
devices = $ROOT/node
mount_check = false
# One process per server (no forked workers), so stopping a server frees its port at once.
workers = 0
log_level = WARNING
"

cat >"$CONF/object-server.conf" <<EOF
$common
bind_port = $OBJECT_PORT

[pipeline:main]
pipeline = object-server

[app:object-server]
use = egg:swift#object

[object-replicator]
[object-updater]
[object-auditor]
EOF

cat >"$CONF/container-server.conf" <<EOF
$common
bind_port = $CONTAINER_PORT

[pipeline:main]
pipeline = container-server

[app:container-server]
use = egg:swift#container

[container-replicator]
[container-updater]
[container-auditor]
[container-sync]
EOF

cat >"$CONF/account-server.conf" <<EOF
$common
bind_port = $ACCOUNT_PORT

[pipeline:main]
pipeline = account-server

[app:account-server]
use = egg:swift#account

[account-replicator]
[account-auditor]
[account-reaper]
EOF

# s3api must come before the auth middleware; copy serves S3 CopyObject.
cat >"$CONF/proxy-server.conf" <<EOF
$common
bind_port = $PORT

[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats s3api tempauth copy slo dlo proxy-logging proxy-server

[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true
# Browsers PUT images straight to presigned URLs from the app's origin (a random test port).
cors_allow_origin = *

[filter:s3api]
use = egg:swift#s3api
location = us-east-1
s3_acl = false
cors_preflight_allow_origin = *

[filter:tempauth]
use = egg:swift#tempauth
user_${ACCOUNT}_${USER_NAME} = $SECRET .admin

[filter:cache]
use = egg:swift#memcache
memcache_servers = 127.0.0.1:$MEMCACHED_PORT

[filter:catch_errors]
use = egg:swift#catch_errors

[filter:gatekeeper]
use = egg:swift#gatekeeper

[filter:healthcheck]
use = egg:swift#healthcheck

[filter:proxy-logging]
use = egg:swift#proxy_logging

[filter:listing_formats]
use = egg:swift#listing_formats

[filter:copy]
use = egg:swift#copy

[filter:slo]
use = egg:swift#slo

[filter:dlo]
use = egg:swift#dlo
EOF

# One replica on one device, rebuilt every run so the ports stay in step. One Python process
# for all three rings: swift-ring-builder pays Swift's import time on every call.
/usr/bin/python3 - "$CONF" "$OBJECT_PORT" "$CONTAINER_PORT" "$ACCOUNT_PORT" <<'PY'
import sys
from swift.common.ring import RingBuilder

conf, ports = sys.argv[1], dict(zip(["object", "container", "account"], map(int, sys.argv[2:5])))
for name, port in ports.items():
    builder = RingBuilder(10, 1, 1)
    builder.add_dev({"id": 0, "region": 1, "zone": 1, "ip": "127.0.0.1", "port": port, "device": "d1", "weight": 100})
    builder.rebalance()
    builder.save(f"{conf}/{name}.builder")
    builder.get_ring().save(f"{conf}/{name}.ring.gz")
PY
chown -R swift:swift "$ROOT/node" /var/cache/swift "$LOG"

start() { # name, command...
  local name=$1
  shift
  nohup "$@" >"$LOG/$name.log" 2>&1 &
  echo $! >"$RUN/$name.pid"
}
start memcached memcached -u memcache -l 127.0.0.1 -p "$MEMCACHED_PORT" -U 0
for server in object container account; do
  start "$server" "swift-$server-server" "$CONF/$server-server.conf"
done
start proxy swift-proxy-server "$CONF/proxy-server.conf"

# Ready when every storage server listens and the proxy signs us in. Swift's imports are slow
# on a busy machine, hence the generous wait.
ready() {
  for port in "$OBJECT_PORT" "$CONTAINER_PORT" "$ACCOUNT_PORT"; do
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || return 1
  done
  curl -fsS -o /dev/null -H "X-Auth-User: $ACCOUNT:$USER_NAME" -H "X-Auth-Key: $SECRET" \
    "http://127.0.0.1:$PORT/auth/v1.0" 2>/dev/null
}
deadline=$((SECONDS + ${SWIFT_START_TIMEOUT:-180}))
until ready; do
  if [ $SECONDS -ge $deadline ]; then
    echo "start-swift.sh: Swift did not come up; logs in $LOG" >&2
    tail -n 20 "$LOG"/*.log >&2
    exit 1
  fi
  sleep 1
done

cat <<EOF
export TEST_S3_ENDPOINT=http://127.0.0.1:$PORT
export TEST_S3_REGION=us-east-1
export TEST_S3_ACCESS_KEY_ID=$ACCOUNT:$USER_NAME
export TEST_S3_SECRET_ACCESS_KEY=$SECRET
EOF
