#!/usr/bin/env bash
# Times ContractCheck's schema validator and the Python peers (peers.py) on ../shared/bench and
# prints our median over jsonschema-rs's for each row. Usage: Scripts/bench-validator.sh [--quick]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bench="$root/../shared/bench"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
extra=()
if [[ "${1:-}" == "--quick" ]]; then extra=(--batches 3 --batch-seconds 0.1); fi

# Our side: the validator benchmark of contract-bench, built for release.
swift build -c release --package-path "$root" --product contract-bench >&2
"$root/.build/release/contract-bench" validate --json --bench-dir "$bench" "${extra[@]}" >"$work/ours.json"

# Peers: in a venv, as the bench README says.
# Without the packages (no network), fall back to the run recorded in peers-run.json.
venv="${BENCH_VENV:-/tmp/bench-venv}"
peers_ready=1
if [[ ! -x "$venv/bin/python3" ]] || ! "$venv/bin/python3" -c 'import jsonschema_rs' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q jsonschema-rs jsonschema fastjsonschema orjson rfc3339-validator >&2 || peers_ready=0
fi
if [[ -n "${PEERS_JSON:-}" ]]; then
    cp "$PEERS_JSON" "$work/peers.json"
elif [[ $peers_ready == 1 ]]; then
    (cd "$bench" && "$venv/bin/python3" peers.py --json "${extra[@]}" >"$work/peers.json")
else
    echo "peers not installable here; comparing with the recorded run $bench/peers-run.json" >&2
    cp "$bench/peers-run.json" "$work/peers.json"
fi

python3 - "$work/ours.json" "$work/peers.json" <<'PY'
import json, sys
ours = json.load(open(sys.argv[1]))
peers = json.load(open(sys.argv[2]))
rows = peers if isinstance(peers, list) else peers.get("rows", peers.get("results", []))
def peer(fixture, op, inp):
    for r in rows:
        if r.get("fixture") == fixture and r.get("validator") == "jsonschema-rs" and r.get("op") == op and r.get("input") == inp:
            return r.get("median_us")
    return None
pairs = {"isValid": "is_valid", "validate": "iter_errors"}
print(f"{'fixture':26}{'dialect':9}{'op':10}{'input':8}{'ours µs':>10}{'rs µs':>10}{'ratio':>8}")
for r in ours:
    if r["op"] not in pairs:
        continue
    theirs = peer(r["fixture"], pairs[r["op"]], r["input"])
    ratio = f"{r['median'] / theirs:.2f}x" if theirs else "-"
    print(f"{r['fixture']:26}{r['dialect']:9}{r['op']:10}{r['input']:8}{r['median']:10.2f}{(theirs or 0):10.2f}{ratio:>8}")
PY
