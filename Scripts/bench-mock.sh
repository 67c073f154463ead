#!/usr/bin/env bash
# Load benchmark of `contract-check mock` (BENCHMARKS.md): wrk, 64 connections for 30 seconds, on one small
# JSON operation (GET /v1/pets/{petId} of contracts/clinic.yaml), against the floor in the same run: a
# trivial Hummingbird handler that returns a fixed body (mock-floor). Both release builds, both on loopback.
#   swift build -c release --product contract-check && swift build -c release --product mock-floor
#   bash Scripts/bench-mock.sh [DURATION] [BUILD_FOLDER]
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-30s}
build=${2:-.build/release}
bearer="Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJzdGFmZiJ9.c2lnbmF0dXJl"
path="/v1/pets/8d3e5c1a-2f4b-4c6d-9e8f-0a1b2c3d4e5f"

# Starts a server that prints its URL on its first line; sets `url` and `pid`.
start() {
    local log
    log=$(mktemp)
    "$@" >"$log" 2>/dev/null &
    pid=$!
    for _ in $(seq 1 100); do
        grep -q "http://127.0.0.1:" "$log" && break
        sleep 0.1
    done
    url=$(grep -o "http://127.0.0.1:[0-9]*" "$log" | head -1)
}

run() {
    local name=$1 target=$2
    wrk -t 2 -c 64 -d "$duration" --latency -H "Authorization: $bearer" "$target$path" >"/tmp/bench-mock-$name.txt"
    local rps p50 p99 errors
    rps=$(awk '/Requests\/sec/ {print $2}' "/tmp/bench-mock-$name.txt")
    p50=$(awk '$1 == "50%" {print $2}' "/tmp/bench-mock-$name.txt")
    p99=$(awk '$1 == "99%" {print $2}' "/tmp/bench-mock-$name.txt")
    errors=$(grep -E "Socket errors|Non-2xx" "/tmp/bench-mock-$name.txt" || echo "none")
    printf '%-8s %10s req/s   p50 %-9s p99 %-9s errors: %s\n' "$name" "$rps" "$p50" "$p99" "$errors" >&2
    echo "$rps"
}

start "$build/mock-floor" 0
floor_pid=$pid floor_url=$url
start "$build/contract-check" mock contracts/clinic.yaml --port 0 --recordings off --no-reload
mock_pid=$pid mock_url=$url
trap 'kill -TERM $floor_pid $mock_pid 2>/dev/null || true' EXIT

# A warm-up each, then the measured runs, the floor first.
wrk -t 2 -c 64 -d 3s -H "Authorization: $bearer" "$floor_url$path" >/dev/null
wrk -t 2 -c 64 -d 3s -H "Authorization: $bearer" "$mock_url$path" >/dev/null
floor=$(run floor "$floor_url")
mock=$(run mock "$mock_url")
awk -v f="$floor" -v m="$mock" 'BEGIN { printf "cost per request: %.2fx the floor\n", f / m }'
