import ContractInterception
import ContractSchema
import ContractTestSupport
import ContractVerify
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The fake backend reads `nullable` as its options say: in what it verifies and in what it serves.
@Suite struct NullableBackendTests {
    static let contract = Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/contracts/nullable.yaml")
    static let issueNulls = #"{"number": 1, "title": "Crash", "milestone": null, "state_reason": null}"#

    static func backend(_ nullable: NullableReading) throws -> ContractBackend {
        var options = VerifierOptions()
        options.nullable = nullable
        return try ContractBackend(contract: contract, options: options, recording: .off)
    }

    static func getIssue(_ backend: ContractBackend) async throws -> Data {
        let request = URLRequest(url: try #require(URL(string: "https://nullable.example.test/issues/1")))
        return try await backend.session.data(for: request).0
    }

    @Test("by default, the contract's example with nulls is served, and a stub with nulls is clean")
    func lenient() async throws {
        let backend = try Self.backend(.lenient)
        let served = try JSONSerialization.jsonObject(with: try await Self.getIssue(backend)) as? [String: Any]
        #expect(served?["milestone"] is NSNull)
        backend.stub("getIssue", .response(status: 200, json: Self.issueNulls))
        _ = try await Self.getIssue(backend)
        #expect(backend.violations.isEmpty, "\(backend.violations)")
        #expect(backend.exchanges.allSatisfy { $0.stubViolations.isEmpty })
    }

    @Test("read strictly, a generated answer replaces the example, and a stub with nulls is reported")
    func strict() async throws {
        let backend = try Self.backend(.strict)
        let served = try JSONSerialization.jsonObject(with: try await Self.getIssue(backend)) as? [String: Any]
        #expect(!(served?["milestone"] is NSNull))
        #expect(backend.exchanges.first?.stubViolations.isEmpty == true)
        backend.stub("getIssue", .response(status: 200, json: Self.issueNulls))
        _ = try await Self.getIssue(backend)
        let stubbed = try #require(backend.exchanges.last)
        #expect(
            stubbed.stubViolations.map { $0.instancePath?.description ?? "" } == ["$.milestone", "$.state_reason"],
            "\(stubbed.stubViolations)")
    }
}
