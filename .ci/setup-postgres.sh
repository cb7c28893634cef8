#!/usr/bin/env bash
# Starts the Debian PostgreSQL cluster (services do not auto-start here) and makes sure the
# test role and database exist. Prints nothing but errors; idempotent.
set -euo pipefail
ver=$(ls /usr/lib/postgresql | sort -n | tail -1)
if ! pg_lsclusters -h | awk '{print $4}' | grep -q online; then
  pg_lsclusters -h | grep -q " main " || pg_createcluster "$ver" main >/dev/null
  pg_ctlcluster "$ver" main start
fi
for _ in $(seq 1 30); do
  runuser -u postgres -- pg_isready -q && break
  sleep 1
done
runuser -u postgres -- psql -qtAc "SELECT 1 FROM pg_roles WHERE rolname='app_test'" | grep -q 1 ||
  runuser -u postgres -- psql -qc "CREATE ROLE app_test LOGIN SUPERUSER PASSWORD 'app_test'"
runuser -u postgres -- psql -qtAc "SELECT 1 FROM pg_database WHERE datname='app_test'" | grep -q 1 ||
  runuser -u postgres -- psql -qc "CREATE DATABASE app_test OWNER app_test"
