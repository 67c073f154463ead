#!/usr/bin/env bash
# Verification at scale: the release `contract-check verify`, run as a whole process on recordings of
# 10^3 to 10^6 exchanges, with its wall time and peak resident memory (from /usr/bin/time), and
# openapi-core (from PyPI) validating the same requests and responses, per exchange; and 10,000 exchanges
# that match none of a 20,000-path contract's paths (each verdict names the nearest paths).
#
# Usage: Scripts/bench-verify-scale.sh [--largest N]   (N: the largest count, default 1000000)
# Environment: SCRATCH_PATH (swift build folder, default .build), BENCH_VENV (default /tmp/bench-venv).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
scratch="${SCRATCH_PATH:-.build}"
[[ "$scratch" = /* ]] || scratch="$root/$scratch"
largest=1000000
if [[ "${1:-}" = "--largest" ]]; then largest="$2"; fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
contract="$root/Tests/Fixtures/contracts/petstore.yaml"

swift build -c release --package-path "$root" --scratch-path "$scratch" --product contract-check >&2
binary="$(swift build -c release --package-path "$root" --scratch-path "$scratch" --show-bin-path)/contract-check"

venv="${BENCH_VENV:-/tmp/bench-venv}"
if ! "$venv/bin/python3" -c 'import openapi_core' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q openapi-core >&2
fi

echo "| exchanges | file | wall time | per exchange | peak resident memory |"
echo "|---:|---:|---:|---:|---:|"
count=1000
while [[ $count -le $largest ]]; do
    file="$work/run-$count.jsonl"
    python3 "$root/Scripts/verify_scale.py" generate "$count" "$file" "$contract"
    # Exit status 1: the run reports the nameless pets, as it should.
    /usr/bin/time -f '%e %M' -o "$work/time" "$binary" verify --contract "$contract" "$file" >"$work/out" || true
    grep -q "$count exchanges" "$work/out" || { cat "$work/out" >&2; exit 1; }
    # The last line: /usr/bin/time writes "Command exited with non-zero status 1" before it.
    read -r seconds kilobytes < <(tail -n 1 "$work/time")
    size=$(du -h "$file" | cut -f1)
    per=$(python3 -c "print(f'{$seconds / $count * 1e6:.1f} µs')")
    echo "| $count | $size | ${seconds} s | $per | $((kilobytes / 1024)) MiB |"
    rm -f "$file"
    count=$((count * 10))
done
echo
# Requests that match no path: each verdict names the nearest of 20,000 documented paths.
python3 "$root/Scripts/verify_scale.py" unrouted 10000 "$work/unrouted.jsonl" "$work/wide.yaml" 20000
/usr/bin/time -f '%e %M' -o "$work/time" "$binary" verify --contract "$work/wide.yaml" "$work/unrouted.jsonl" \
    >"$work/out" || true
grep -q "10000 exchanges" "$work/out" || { cat "$work/out" >&2; exit 1; }
read -r seconds kilobytes < <(tail -n 1 "$work/time")
echo "10000 exchanges matching none of 20,000 paths: ${seconds} s, $((kilobytes / 1024)) MiB peak"
echo
echo "openapi-core, validate_request and validate_response per exchange (in process, no file reading):"
"$venv/bin/python3" "$root/Scripts/verify_scale.py" openapi-core 10000 "$contract"
