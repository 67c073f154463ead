// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "ContractCheck",
    platforms: [
        .macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9),
    ],
    products: [
        // What users import: the fake backend for test targets; the library (load, lint, validate, verify,
        // synthesize, report); the mock server's Foundation-only control client for UI test targets; the
        // command line. The other modules are the library's parts, their declarations `package` unless
        // the library's API shows them.
        .library(name: "ContractTesting", targets: ["ContractTesting"]),
        .library(name: "ContractCheck", targets: ["ContractCheck"]),
        .library(name: "ContractMockClient", targets: ["ContractMockClient"]),
        .executable(name: "contract-check", targets: ["contract-check"]),
    ],
    dependencies: [
        // Only for contract-bench, which times the reader against `Yams.compose`.
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        // Only for the generated client's test target.
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // The HTTP server of `contract-check mock` and `contract-check proxy` (without its optional traits), and the
        // test servers the pass-through tests forward to.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
        // Publishes a subschema compiled on first use to the threads that validate with it.
        .package(url: "https://github.com/apple/swift-atomics.git", from: "1.3.0"),
        // Stops the servers gracefully on SIGINT and SIGTERM.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        // The proxy's client of the real server (it hands bytes back as they came, decoding nothing), its TLS, and
        // the zlib decoder that gives the verifier a decoded copy of a compressed body. Only the mock server's
        // target uses them, so the library products never build BoringSSL.
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        // The default handler of an observing backend's findings, and the mock server's log.
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    ],
    targets: [
        // The system libyaml (`libyaml-dev` on Debian and Ubuntu, `libyaml` in Homebrew): the YAML reader.
        .systemLibrary(
            name: "CLibYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),
        .target(name: "ContractJSON"),
        .target(
            name: "ContractSchema", dependencies: ["ContractJSON", .product(name: "Atomics", package: "swift-atomics")]),
        .target(
            name: "ContractSpec",
            dependencies: ["ContractJSON", "ContractSchema", "CLibYAML"]
        ),
        .target(name: "ContractVerify", dependencies: ["ContractJSON", "ContractSchema", "ContractSpec"]),
        .target(name: "ContractReport", dependencies: ["ContractJSON", "ContractSpec", "ContractVerify"]),
        .target(name: "ContractExamples", dependencies: ["ContractJSON", "ContractSchema", "ContractSpec"]),
        .target(
            name: "ContractInterception",
            dependencies: [
                "ContractJSON", "ContractSchema", "ContractSpec", "ContractVerify", "ContractExamples",
                "ContractReport", "ContractMockClient", .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "ContractTesting",
            dependencies: [
                "ContractInterception", "ContractVerify", "ContractSpec", "ContractJSON", "ContractMockClient",
            ]),
        // Foundation only, so that an app's UI test bundle can drive `contract-check mock` on any platform.
        .target(name: "ContractMockClient"),
        .target(
            name: "ContractCheck",
            dependencies: [
                "ContractJSON", "ContractSchema", "ContractSpec", "ContractVerify", "ContractExamples",
                "ContractReport",
            ]),
        .target(
            name: "ContractMockServer",
            dependencies: [
                "ContractInterception", "ContractJSON", "ContractSpec", "ContractVerify", "ContractReport",
                "ContractMockClient", .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ]
        ),
        .target(
            name: "ContractCheckCLI",
            dependencies: [
                "ContractJSON", "ContractSchema", "ContractSpec", "ContractVerify", "ContractReport",
                "ContractExamples", "ContractMockServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "contract-check",
            dependencies: ["ContractCheckCLI", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(
            name: "contract-bench",
            dependencies: [
                "ContractJSON", "ContractSchema", "ContractSpec", "ContractVerify", "ContractReport",
                "ContractInterception",
                "ContractExamples",
                // The floor `load` times the reader against. Yams links its own copy of libyaml statically, so in
                // this executable the reader runs on that copy rather than the system's (both libyaml 0.2.5).
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // The floor of the mock server's load benchmark: a trivial Hummingbird handler (BENCHMARKS.md).
        .executableTarget(
            name: "mock-floor",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "Logging", package: "swift-log"),
            ]),
        .target(name: "ContractTestSupport", path: "Tests/Support"),
        // Real HTTP servers on 127.0.0.1 for tests that forward to a server: one keeping the clinic contract,
        // one breaking it in known ways.
        .target(
            name: "ContractTestServer",
            dependencies: [
                "ContractTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/ContractTestServer"),
        // The system libxml2 (`libxml2-dev`, `libxml2`): the tests validate JUnit reports against the XSDs with it.
        .systemLibrary(
            name: "CLibXML2", path: "Tests/CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),
        .target(name: "XMLSchemaValidation", dependencies: ["CLibXML2"], path: "Tests/XMLSchemaValidation"),
        .testTarget(name: "ContractJSONTests", dependencies: ["ContractJSON", "ContractTestSupport"]),
        .testTarget(
            name: "ContractSchemaTests", dependencies: ["ContractSchema", "ContractJSON", "ContractTestSupport"]),
        .testTarget(name: "ContractSpecTests", dependencies: ["ContractSpec", "ContractJSON", "ContractTestSupport"]),
        .testTarget(
            name: "ContractExamplesTests",
            dependencies: ["ContractExamples", "ContractSchema", "ContractSpec", "ContractJSON", "ContractTestSupport"]),
        .testTarget(
            name: "ContractVerifyTests",
            dependencies: ["ContractVerify", "ContractReport", "ContractSpec", "ContractJSON", "ContractTestSupport"]),
        .testTarget(
            name: "ContractReportTests",
            dependencies: [
                "ContractReport", "ContractVerify", "ContractSpec", "ContractJSON", "ContractTestSupport",
                "XMLSchemaValidation",
            ],
            exclude: ["Golden"]),
        .testTarget(
            name: "ContractInterceptionTests",
            dependencies: [
                "ContractInterception", "ContractVerify", "ContractSpec", "ContractReport", "ContractTestSupport",
                "ContractTestServer", .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "GeneratedClientTests",
            dependencies: [
                "ContractTesting", "ContractInterception",
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            exclude: ["README.md"]),
        .testTarget(
            name: "ContractMockServerTests",
            dependencies: [
                "ContractMockServer", "ContractMockClient", "ContractInterception", "ContractVerify",
                "ContractTestSupport",
                // The real upstreams, plain and TLS, that the proxy tests forward to.
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]),
        .testTarget(
            name: "ContractTestingTests",
            dependencies: [
                "ContractTesting", "ContractInterception", "ContractVerify", "ContractTestSupport",
                "ContractTestServer",
            ]),
        // Runs the contract-bench executable too (`swift test` builds it), but does not depend on it: a test
        // target links the code of the executables it depends on, and contract-bench's Yams brings its own
        // copy of libyaml, whose symbols would then stand in for the system library's in every test.
        .testTarget(
            name: "ContractCheckCLITests",
            dependencies: [
                "ContractCheckCLI", "ContractInterception", "ContractJSON", "ContractReport", "ContractVerify",
                "ContractTestSupport", "contract-check",
            ]),
    ]
)

// Warnings are errors when CONTRACTCHECK_WARNINGS_AS_ERRORS is set (CI and CONTRIBUTING.md set it), for this
// package's own targets. A setting in the manifest rather than `-Xswiftc -warnings-as-errors` on the command
// line: command-line flags differ between `swift build`, `swift run` and `swift test`, and each difference
// makes SwiftPM compile every module again; a setting keeps one build for all three.
if Context.environment["CONTRACTCHECK_WARNINGS_AS_ERRORS"] != nil {
    for target in package.targets where target.type != .system {
        target.swiftSettings = (target.swiftSettings ?? []) + [.treatAllWarnings(as: .error)]
    }
}
