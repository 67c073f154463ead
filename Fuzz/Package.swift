// swift-tools-version: 6.2
import PackageDescription

// The libFuzzer harness for ContractCheck: one executable holding every fuzz target, the target chosen by
// the CONTRACT_FUZZ_TARGET environment variable. A package of its own because the binary links only when
// built with `-sanitize=fuzzer` (its entry hands over to libFuzzer's driver); `Fuzz/run.sh` builds and runs it.
let package = Package(
    name: "ContractCheckFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "ContractCheck", path: "..")
    ],
    targets: [
        // The process entry, in C: it calls libFuzzer's driver.
        .target(name: "FuzzDriver"),
        .executableTarget(
            name: "contract-fuzz",
            dependencies: [
                "FuzzDriver",
                // The library's product brings every module the targets reach with `@testable import`.
                .product(name: "ContractCheck", package: "ContractCheck"),
            ]
        ),
    ]
)
