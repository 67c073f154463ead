#!/usr/bin/env bash
# Times ContractCheck's schema validator and the Python peers (../shared/bench/peers.py) on the
# fixtures of ../shared/bench in one run, and prints our median over jsonschema-rs's for each row.
#
# Usage: Scripts/bench-validator.sh [--quick] [--rounds N] [--formats]
#   --quick     3 batches of 0.1 s instead of 7 of 0.25 s (a smoke test, not figures to record)
#   --rounds N  alternate our run and the peers' N times and keep each row's lowest median (and
#               lowest batch minimum) on both sides alike, which evens out load from other processes
#               on a shared machine (default 1)
#   --formats   time the format-heavy list response that Scripts/make-format-fixture.py writes (a page of
#               30 issues with 420 uri, 67 date-time, 30 email and 30 uuid values) instead of ../shared/bench
# Environment: SCRATCH_PATH (swift build folder, default .build), BENCH_VENV (default
# /tmp/bench-venv), PEERS_JSON (compare with a saved peers.py --json file instead of running it),
# KEEP (a folder to keep ours-N.json and peers-N.json in).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bench="$root/../shared/bench"
scratch="${SCRATCH_PATH:-.build}"
[[ "$scratch" = /* ]] || scratch="$root/$scratch"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
extra=()
rounds=1
while [[ $# -gt 0 ]]; do
    case "$1" in
    --quick) extra=(--batches 3 --batch-seconds 0.1) ;;
    --rounds) rounds="$2"; shift ;;
    --formats)
        # The peers' script reads the fixtures beside it, so it is copied into the generated folder.
        python3 "$root/Scripts/make-format-fixture.py" "$work/fixtures"
        cp "$bench/peers.py" "$work/fixtures/"
        bench="$work/fixtures"
        ;;
    *) echo "unknown argument $1" >&2; exit 64 ;;
    esac
    shift
done

# Our side: the validator benchmark of contract-bench, built for release.
swift build -c release --package-path "$root" --scratch-path "$scratch" --product contract-bench >&2
binary="$(swift build -c release --package-path "$root" --scratch-path "$scratch" --show-bin-path)/contract-bench"

# Peers: in a venv, as the bench README says.
venv="${BENCH_VENV:-/tmp/bench-venv}"
if [[ -z "${PEERS_JSON:-}" ]] && ! "$venv/bin/python3" -c 'import jsonschema_rs, orjson' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q jsonschema-rs jsonschema fastjsonschema orjson rfc3339-validator \
        openapi-schema-validator >&2
fi

echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
for ((round = 1; round <= rounds; round++)); do
    echo "round $round/$rounds: ours" >&2
    "$binary" validate --json --bench-dir "$bench" "${extra[@]}" >"$work/ours-$round.json"
    if [[ -n "${PEERS_JSON:-}" ]]; then
        cp "$PEERS_JSON" "$work/peers-$round.json"
    else
        echo "round $round/$rounds: peers" >&2
        (cd "$bench" && "$venv/bin/python3" peers.py --json "${extra[@]}" >"$work/peers-$round.json")
    fi
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
if [[ -n "${KEEP:-}" ]]; then mkdir -p "$KEEP" && cp "$work"/*.json "$KEEP"/; fi

python3 - "$work" "$rounds" <<'PY'
import json, sys
work, rounds = sys.argv[1], int(sys.argv[2])
# Per row: the lowest median and the lowest batch minimum over the rounds, on both sides alike.
ours, peers = {}, {}
def keep(table, key, median, low):
    old = table.get(key, (float("inf"), float("inf")))
    table[key] = (min(old[0], median), min(old[1], low))
for n in range(1, rounds + 1):
    for r in json.load(open(f"{work}/ours-{n}.json")):
        keep(ours, (r["fixture"], r["dialect"], r["op"], r["input"]), r["median"], r["min"])
    data = json.load(open(f"{work}/peers-{n}.json"))
    for r in data if isinstance(data, list) else data.get("rows", []):
        if "median_us" not in r:
            continue  # a peer that gave a wrong verdict is not timed
        keep(peers, (r["fixture"], r["validator"], r["op"], r["input"]), r["median_us"], r["min_us"])
    environment = None if isinstance(data, list) else data.get("environment")
if environment:
    print(f"peers: {environment}")
pairs = {"isValid": "is_valid", "validate": "iter_errors"}
print(f"{'fixture':26}{'dialect':9}{'op':10}{'input':8}{'ours µs':>10}{'rs µs':>10}{'ratio':>8}"
      f"{'ours min':>10}{'rs min':>10}{'ratio':>8}")
worst = {"object": [0.0, 0.0], "bytes": [0.0, 0.0]}
for (fixture, dialect, op, source), (median, low) in ours.items():
    if op == "parse":
        theirs, label = peers.get((fixture, "parse", "orjson.loads", "bytes")), "orjson"
    else:
        theirs, label = peers.get((fixture, "jsonschema-rs", pairs[op], source)), ""
    ratios = [median / theirs[0], low / theirs[1]] if theirs else None
    if ratios and op != "parse":
        worst[source] = [max(a, b) for a, b in zip(worst[source], ratios)]
    shown = [f"{r:.2f}x" for r in ratios] if ratios else ["-", "-"]
    theirs = theirs or (0, 0)
    print(f"{fixture:26}{dialect:9}{op:10}{source:8}{median:10.2f}{theirs[0]:10.2f}{shown[0]:>8}"
          f"{low:10.2f}{theirs[1]:10.2f}{shown[1]:>8} {label}")
print(f"largest ratio, instance already parsed: {worst['object'][0]:.2f}x of medians, "
      f"{worst['object'][1]:.2f}x of minimums (goal: at most 1.50x)")
print(f"largest ratio, from bytes (ours: ContractJSON + validator; rs: orjson.loads + jsonschema-rs): "
      f"{worst['bytes'][0]:.2f}x of medians, {worst['bytes'][1]:.2f}x of minimums (goal: below 1.00x)")
PY
