import ContractSpec
import ContractTestSupport
import ContractVerify
import Foundation
import Testing

/// Diagnostics on a contract of tens of thousands of paths stay cheap: an unrouted request's "nearest paths"
/// measures each template only as far as it could still be among the three nearest.
@Suite struct LargeContractDiagnosticsTests {
    static let pathCount = 20_000

    static func contract() throws -> Spec.Document {
        var lines = ["openapi: 3.1.0", "info: {title: wide, version: '1'}", "servers: [{url: 'https://api.example.com'}]", "paths:"]
        for index in 0..<pathCount {
            lines.append("  /resource\(index)/items/{id}:")
            lines.append("    get: {responses: {'200': {description: ok}}}")
        }
        let file = Scratch.path("wide", extension: "yaml")
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        return try #require(ContractLoader().load(file, checks: []).document)
    }

    static func nearest(_ verifier: ContractVerifier, _ path: String) throws -> [String] {
        let request = try #require(HTTPRequest(method: "GET", url: "https://api.example.com" + path))
        guard case .pathNotFound(_, let nearest) = verifier.route(request) else {
            Issue.record("expected \(path) to match no path, got \(verifier.route(request))")
            return []
        }
        return nearest
    }

    @Test func unroutedRequestsNameTheNearestPathsQuickly() throws {
        let verifier = ContractVerifier(document: try Self.contract())
        let expected: [(path: String, nearest: [Int])] = [
            // The typo costs one; of the paths two away, the first documented come first.
            ("/resource1234/itens/7", [1234, 123, 124]),
            // A missing segment costs the variable's four, an extra one its length.
            ("/resource19999/items", [19999, 1999, 9999]),
            ("/resource42/items/7/more", [42, 2, 4]),
            // Far from every path: the shortest first segments are the least different.
            ("/health", [0, 1, 2]),
        ]
        for (path, nearest) in expected {
            #expect(try Self.nearest(verifier, path) == nearest.map { "/resource\($0)/items/{id}" }, "\(path)")
        }
        let clock = ContinuousClock()
        let rounds = 200
        var unrouted = 0
        let elapsed = clock.measure {
            for round in 0..<rounds {
                let url = "https://api.example.com/resource\(round * 97)/itens/\(round)"
                guard let request = HTTPRequest(method: "GET", url: url) else { continue }
                if case .pathNotFound(_, let nearest) = verifier.verifyRequest(request).route, nearest.count == 3 {
                    unrouted += 1
                }
            }
        }
        #expect(unrouted == rounds)
        print("nearest paths: \(elapsed / rounds) per unrouted request against \(Self.pathCount) paths (debug build)")
        // A debug build on a loaded two-core machine takes about 20 ms a request here; walking every template
        // within a doubling limit, as the search once did, took about 100 ms.
        #expect(elapsed / rounds < .milliseconds(60), "\(elapsed / rounds) per unrouted request")
    }
}
