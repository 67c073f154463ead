import ContractTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A test can ask for values generated from the schema even where the contract has examples: through a
/// scenario, or Prism's `Prefer: dynamic=true`.
@Suite struct GeneratedAnswerTests {
    func getPet(_ backend: ContractBackend, prefer: String? = nil) async throws -> [String: Any] {
        var request = URLRequest(
            url: try #require(URL(string: "https://api.clinic.example.com/v1/pets/8d3e5c1a-2f4b-4c6d-9e8f-0a1b2c3d4e5f")))
        request.setValue(Requests.bearer, forHTTPHeaderField: "Authorization")
        if let prefer { request.setValue(prefer, forHTTPHeaderField: "Prefer") }
        let (data, _) = try await backend.session.data(for: request)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test(.contract("contracts/clinic.yaml"))
    func generatedScenariosIgnoreTheExamples() async throws {
        let backend = try #require(ContractBackend.current)
        // The default answer is the contract's first example.
        #expect(try await getPet(backend)["name"] as? String == "Biscuit")
        backend.stub("getPet", .generated(mode: .random(seed: 1)))
        let first = try await getPet(backend)
        backend.stub("getPet", .generated(mode: .random(seed: 2)))
        let second = try await getPet(backend)
        let examples: Set<String> = ["Biscuit", "Miso"]
        #expect(!examples.contains(first["name"] as? String ?? "Biscuit"), "\(first)")
        #expect(!examples.contains(second["name"] as? String ?? "Biscuit"), "\(second)")
        #expect((first["id"] as? String) != (second["id"] as? String))
        // Generated answers keep the contract: no stub violation was recorded.
        #expect(backend.violations.isEmpty, "\(backend.violations)")
    }

    @Test(.contract("contracts/clinic.yaml"))
    func preferDynamicAsksForAGeneratedBody() async throws {
        let backend = try #require(ContractBackend.current)
        let body = try await getPet(backend, prefer: "dynamic=true")
        #expect(body["name"] as? String != "Biscuit", "\(body)")
        #expect(body["id"] is String)
        #expect(backend.violations.isEmpty, "\(backend.violations)")
    }
}
