#!/usr/bin/env bash
# Builds the libFuzzer harness and runs fuzz targets, each for a while; exits non-zero when one finds a
# crash, a timeout or a memory blow-up (the input that did it is left in Fuzz/crashes/).
#
#   bash Fuzz/run.sh [seconds per target] [target ...]     (default: 20 s, every target)
#
# CONTRACT_FUZZ_NO_BUILD=1 skips the build; CONTRACT_FUZZ_JOBS=2 runs two targets at a time;
# CONTRACT_FUZZ_SEED=N fixes libFuzzer's random seed (CI does, so that a run explores what the same seed
# explored before it; unset, each run takes a new seed and explores further).
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-20}
shift || true
all_targets="json yaml references schema regex sampler har recording decoders"
targets=${*:-$all_targets}

if [ "${CONTRACT_FUZZ_NO_BUILD:-0}" != 1 ]; then
    # Instrumented for coverage and AddressSanitizer, and testable so the targets reach the internal
    # decoders and the regex matcher. The release configuration (SwiftPM makes no testable executables
    # there) without optimisation: an optimised instrumented build of every module takes several times as
    # long as the fuzzing CI can afford.
    swift build -c release -Xswiftc -Onone -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library \
        -Xswiftc -enable-testing
fi
binary=$(swift build -c release --show-bin-path)/contract-fuzz
python3 make-seeds.py $targets >/dev/null
mkdir -p crashes logs

run_target() {
    local target=$1
    # The parsers nest up to their 1,000-level limit; unoptimised and instrumented, a level's frames take
    # about 9 KiB, more than the usual 8 MiB stack holds, so the fuzzer gets 64 MiB. Leaks are not
    # findings here: a schema that refers to itself is a cycle of nodes kept for the process's life
    # (RELIABILITY.md says so), and Foundation keeps a buffer for every empty file it reads. Both
    # libFuzzer's check after each input and AddressSanitizer's at exit are turned off.
    # 10 s for one input and 2 GiB are far beyond what any input here should need: either is a finding.
    (
        ulimit -s 65536
        export ASAN_OPTIONS=detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}
        CONTRACT_FUZZ_TARGET=$target "$binary" "corpus/$target" -max_total_time="$seconds" -timeout=10 \
            -rss_limit_mb=2048 -max_len=65536 -detect_leaks=0 -print_final_stats=1 -seed="${CONTRACT_FUZZ_SEED:-0}" \
            -artifact_prefix="crashes/$target-" >"logs/$target.log" 2>&1
    )
}

failed=0
jobs=${CONTRACT_FUZZ_JOBS:-1}
set -- $targets
while [ $# -gt 0 ]; do
    batch=("${@:1:$jobs}")
    shift "${#batch[@]}"
    pids=()
    for target in "${batch[@]}"; do
        run_target "$target" &
        pids+=($!)
    done
    for index in "${!batch[@]}"; do
        target=${batch[$index]}
        if wait "${pids[$index]}"; then status=ok; else status=FAILED; failed=1; fi
        stats=$(grep -E '^stat::(number_of_executed_units|peak_rss_mb)' "logs/$target.log" | awk '{print $2}' | paste -sd' ')
        coverage=$(grep -E '^#[0-9]+.*(DONE|pulse|NEW|REDUCE)' "logs/$target.log" | tail -1 | grep -oE 'cov: [0-9]+ ft: [0-9]+')
        printf '%-10s %-6s executions/peak MiB: %s  %s\n' "$target" "$status" "$stats" "$coverage"
        if [ "$status" = FAILED ]; then tail -40 "logs/$target.log"; fi
    done
done
exit "$failed"
