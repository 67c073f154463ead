#!/usr/bin/env bash
# Measures a contract's first use in a debug test process, as a package that depends on ContractCheck
# runs it: makes a client package outside this repository that depends on it by path, and for each
# contract runs `swift test` (a debug build) with a test that creates `ContractBackend(contract:)`,
# sends one request through it, then makes a backend with a second option set; it prints the seconds
# each took and the process's resident memory before and its peak after (VmHWM).
#
# Usage: Scripts/bench-first-use.sh [CONTRACT…]
#   default: a generated Stripe-shaped contract (contract-bench stripe-shaped) and every document in
#   ../shared/corpora/real-world
# Environment: CLIENT (the client package's folder, default /tmp/first-use-client), ROUNDS (runs per
# contract, default 2).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
client="${CLIENT:-/tmp/first-use-client}"
rounds="${ROUNDS:-2}"

mkdir -p "$client/Sources/FirstUseClient" "$client/Tests/FirstUseTests"
cat > "$client/Package.swift" <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "first-use-client",
    dependencies: [.package(path: "$root")],
    targets: [
        .target(name: "FirstUseClient"),
        .testTarget(
            name: "FirstUseTests",
            dependencies: ["FirstUseClient", .product(name: "ContractTesting", package: "$(basename "$root")")]),
    ]
)
MANIFEST
echo 'public enum FirstUseClient {}' > "$client/Sources/FirstUseClient/Client.swift"
cat > "$client/Tests/FirstUseTests/FirstUseTests.swift" <<'TEST'
import ContractTesting
import Foundation
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a test process pays the first time it uses a contract: `ContractBackend(contract:)`, then one
/// request through the backend's session, then a backend with a second option set. FIRST_USE_FILE names
/// the contract. Prints one line of figures.
final class FirstUseTests: XCTestCase {
    func testFirstUse() async throws {
        guard let file = ProcessInfo.processInfo.environment["FIRST_USE_FILE"] else {
            throw XCTSkip("FIRST_USE_FILE not set")
        }
        let before = Self.memory()
        let start = Date()
        let backend = try ContractBackend(contract: URL(fileURLWithPath: file), recording: .off)
        let created = Date().timeIntervalSince(start)
        let operation = try XCTUnwrap(backend.document.operations.first { $0.method == "GET" })
        // The operation's own servers when it names any, else the document's; joined without a doubled
        // slash, so the request reaches the operation (a request that routes nowhere measures the hint).
        let server = (operation.servers.first ?? backend.document.servers.first)?.url ?? "http://localhost"
        var base = server.hasPrefix("http") ? server : "http://localhost" + server
        if base.hasSuffix("/") { base.removeLast() }
        let path = operation.path.replacing(/\{[^}]*\}/, with: "1")
        let url = try XCTUnwrap(URL(string: base.replacing(/\{[^}]*\}/, with: "x") + path))
        let requestStart = Date()
        _ = try? await backend.session.data(from: url)
        let firstRequest = Date().timeIntervalSince(requestStart)
        let secondStart = Date()
        let strict = try ContractBackend(
            contract: URL(fileURLWithPath: file), options: VerifierOptions(strict: true), recording: .off)
        _ = try? await strict.session.data(from: url)
        let second = Date().timeIntervalSince(secondStart)
        let after = Self.memory()
        print(
            String(
                format: "FIRST-USE %@: backend %.3f s, first request %.3f s, second option set %.3f s; "
                    + "RSS before %d MB, peak (VmHWM) %d MB",
                (file as NSString).lastPathComponent, created, firstRequest, second, before.rss / 1024,
                after.peak / 1024))
    }

    /// VmRSS and VmHWM of this process, in kB.
    static func memory() -> (rss: Int, peak: Int) {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Int {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return 0 }
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return (field("VmRSS"), field("VmHWM"))
    }
}
TEST

files=("$@")
if [[ ${#files[@]} -eq 0 ]]; then
    swift build -c release --package-path "$root" --product contract-bench >&2
    "$(swift build -c release --package-path "$root" --show-bin-path)/contract-bench" stripe-shaped \
        "$client/stripe-shaped.yaml"
    files=("$client/stripe-shaped.yaml")
    while IFS= read -r file; do files+=("$file"); done < <(
        find "$root/../shared/corpora/real-world" -name '*.yaml' -o -name '*.json' | sort)
fi

# A build plan made before the dependency's files changed can miss new ones: plan afresh.
rm -f "$client/.build/debug.yaml"
swift build --package-path "$client" --build-tests >&2
for file in "${files[@]}"; do
    for _ in $(seq "$rounds"); do
        FIRST_USE_FILE="$file" swift test --package-path "$client" --skip-build --filter FirstUseTests 2>&1 \
            | grep '^FIRST-USE' || echo "FIRST-USE $file: failed" >&2
    done
done
