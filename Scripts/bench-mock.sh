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

# The CPU time (user and system, in clock ticks) the server process `$1` has used so far.
cpu_ticks() {
    awk '{print $14 + $15}' "/proc/$1/stat"
}

# Loads the server at `$2` (process `$3`); prints its figures to stderr and its CPU microseconds per request.
run() {
    local name=$1 target=$2 server=$3
    local before after
    before=$(cpu_ticks "$server")
    wrk -t 2 -c 64 -d "$duration" --latency -H "Authorization: $bearer" "$target$path" >"/tmp/bench-mock-$name.txt"
    after=$(cpu_ticks "$server")
    local rps p50 p99 errors requests cpu
    rps=$(awk '/Requests\/sec/ {print $2}' "/tmp/bench-mock-$name.txt")
    p50=$(awk '$1 == "50%" {print $2}' "/tmp/bench-mock-$name.txt")
    p99=$(awk '$1 == "99%" {print $2}' "/tmp/bench-mock-$name.txt")
    requests=$(awk '/requests in/ {print $1}' "/tmp/bench-mock-$name.txt")
    errors=$(grep -E "Socket errors|Non-2xx" "/tmp/bench-mock-$name.txt" || echo "none")
    cpu=$(awk -v a="$before" -v b="$after" -v n="$requests" -v hz="$(getconf CLK_TCK)" \
        'BEGIN { printf "%.1f", (b - a) / hz * 1e6 / n }')
    printf '%-8s %10s req/s   p50 %-9s p99 %-9s server CPU %6s µs/request   errors: %s\n' \
        "$name" "$rps" "$p50" "$p99" "$cpu" "$errors" >&2
    echo "$rps $cpu"
}

start "$build/mock-floor" 0
floor_pid=$pid floor_url=$url
start "$build/contract-check" mock contracts/clinic.yaml --port 0 --recordings off --no-reload
mock_pid=$pid mock_url=$url
trap 'kill -TERM $floor_pid $mock_pid 2>/dev/null || true' EXIT

# A warm-up each, then the measured runs, the floor first.
wrk -t 2 -c 64 -d 3s -H "Authorization: $bearer" "$floor_url$path" >/dev/null
wrk -t 2 -c 64 -d 3s -H "Authorization: $bearer" "$mock_url$path" >/dev/null
read -r floor floor_cpu < <(run floor "$floor_url" "$floor_pid")
read -r mock mock_cpu < <(run mock "$mock_url" "$mock_pid")
# Throughput compares what wrk saw; the server's CPU time per request is the cost itself, which wrk's own
# share of the two cores does not blur.
awk -v f="$floor" -v m="$mock" -v fc="$floor_cpu" -v mc="$mock_cpu" \
    'BEGIN { printf "cost per request: %.2fx the floor by throughput, %.2fx by server CPU time\n", f / m, mc / fc }'
