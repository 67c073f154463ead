#!/usr/bin/env bash
# Counts what one request through the fake backend costs beyond the floor's, deterministically:
# instructions and the cache lines it misses (callgrind's cache simulation), per request, for the
# backend loop and the floor loop of `contract-bench intercept` run alone.
#
# Timings on a shared machine move by more than most changes to the request path; these counts do not.
# The cache lines are the figures to watch: a line the request path touches costs about 7 ns inside a
# request, an instruction about 0.2 ns once its line is there. The last level is simulated as one core's
# L2 (512 KB): the floor misses it about 30 times a request, the backend about 120-150 times, and each of
# those waits for L3 or memory.
# Each loop runs alone (so in one block) at 300 and 2,300 requests, sequential and 64 tasks (so 600 and
# 4,600 loads), and the difference is divided by 4,000, so start-up, loading the contract and the
# one synthesis drop out.
# Totals move by about ±250 instructions and ±50 lines between identical runs (threads interleave
# differently); compare the package's own functions for smaller changes (KEEP keeps the callgrind files:
# callgrind_annotate --show=Ir,I1mr,D1mr KEEP/backend-2300.out).
#
# Usage: Scripts/profile-intercept.sh [BINARY]
#   BINARY  a contract-bench built with `swift build -c release --product contract-bench` (default:
#           .build/release/contract-bench); copied and stripped of debug info, which valgrind cannot read
# Environment: KEEP (a folder to keep the callgrind files in).
# Needs valgrind (apt-get install valgrind).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
binary="${1:-$root/.build/release/contract-bench}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
out="${KEEP:-$work}"
mkdir -p "$out"
cp "$binary" "$work/contract-bench"
strip --strip-debug "$work/contract-bench"
for loop in floor backend; do
    for requests in 300 2300; do
        # The last level simulated as one core's L2 (512 KB, 8-way), not the 32 MB L3 valgrind would pick:
        # what a request misses there comes from L3 or memory, tens of nanoseconds a line.
        valgrind --tool=callgrind --cache-sim=yes --LL=524288,8,64 --callgrind-out-file="$out/$loop-$requests.out" \
            "$work/contract-bench" intercept --only "$loop" --requests "$requests" --rounds 1 --verify-count 10 \
            > "$out/$loop-$requests.log" 2>&1
    done
done
python3 - "$out" <<'PY'
import sys
folder = sys.argv[1]
names = "Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw".split()
shown = {
    "Ir": "instructions", "I1mr": "code lines (I1 misses)", "D1mr": "data read misses", "D1mw": "data write misses",
    "ILmr": "code L2 misses", "DLmr": "data read L2 misses", "DLmw": "data write L2 misses",
}

def summary(name):
    with open(f"{folder}/{name}.out") as file:
        for line in file:
            if line.startswith("summary:"):
                return dict(zip(names, map(int, line.split()[1:])))
    raise SystemExit(f"no summary in {name}.out")

per = {}
for loop in ("floor", "backend"):
    small, large = summary(f"{loop}-300"), summary(f"{loop}-2300")
    per[loop] = {key: (large[key] - small[key]) / 4000 for key in names}
print(f"{'per request':26} {'floor':>10} {'backend':>10} {'extra':>9} {'ratio':>7}")
for key, label in shown.items():
    floor, backend = per["floor"][key], per["backend"][key]
    ratio = f"{backend / floor:6.3f}x" if floor > 0 else "      -"
    print(f"{label:26} {floor:10.1f} {backend:10.1f} {backend - floor:9.1f} {ratio}")
PY
