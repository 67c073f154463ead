#!/usr/bin/env bash
# Counts the memory-unsafe and unchecked constructs in Sources/ (outside the benchmark tool) and fails
# when any count is above the one recorded in Scripts/unsafe-limits.txt, so the number only goes down.
# `Scripts/count-unsafe.sh --write` records the current counts as the new limits (after a reduction).
set -euo pipefail
cd "$(dirname "$0")/.."
limits=Scripts/unsafe-limits.txt

count() {
    { grep -rE --include='*.swift' "$1" Sources || true; } | { grep -v '^Sources/contract-bench/' || true; } | wc -l | tr -d ' '
}

constructs=(
    'Unsafe[A-Za-z]*Pointer'
    'Unmanaged'
    '_withUnsafeGuaranteedRef'
    'unsafeDowncast'
    'unsafeBitCast'
    '@exclusivity\(unchecked\)'
    '@unchecked Sendable'
)

if [ "${1:-}" = "--write" ]; then
    : >"$limits"
    for construct in "${constructs[@]}"; do
        printf '%s\t%s\n' "$construct" "$(count "$construct")" >>"$limits"
    done
    cat "$limits"
    exit 0
fi

failed=0
for construct in "${constructs[@]}"; do
    now=$(count "$construct")
    limit=$(C="$construct" awk -F '\t' '$1 == ENVIRON["C"] { print $2 }' "$limits")
    limit=${limit:-0}
    printf '%-28s %5s (limit %s)\n' "$construct" "$now" "$limit"
    if [ "$now" -gt "$limit" ]; then
        echo "error: more '$construct' lines in Sources/ than the recorded $limit; remove them, or justify the gain where the code is" >&2
        failed=1
    fi
done
exit "$failed"
