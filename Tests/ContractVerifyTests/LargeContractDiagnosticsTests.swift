import ContractSpec
import ContractTestSupport
import ContractVerify
import Foundation
import Testing

/// Diagnostics on a contract of thousands of paths stay cheap: an unrouted request's "nearest paths" measures
/// each template only as far as it could still be among the three nearest.
@Suite struct LargeContractDiagnosticsTests {
    static let pathCount = 2_000

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

    @Test func unroutedRequestsNameTheNearestPathsQuickly() throws {
        let verifier = ContractVerifier(document: try Self.contract())
        let request = try #require(HTTPRequest(method: "GET", url: "https://api.example.com/resource1234/item/7"))
        guard case .pathNotFound(_, let nearest) = verifier.route(request) else {
            Issue.record("expected a path not found, got \(verifier.route(request))")
            return
        }
        #expect(nearest.first == "/resource1234/items/{id}", "\(nearest)")
        #expect(nearest.count == 3)
        let clock = ContinuousClock()
        let rounds = 200
        let elapsed = clock.measure {
            for round in 0..<rounds {
                let url = "https://api.example.com/resource\(round * 97)/itens/\(round)"
                if let request = HTTPRequest(method: "GET", url: url) { _ = verifier.verifyRequest(request) }
            }
        }
        // A debug build on a shared two-core machine: tens of milliseconds each at most.
        #expect(elapsed / rounds < .milliseconds(100), "\(elapsed / rounds) per unrouted request")
    }
}
