import ContractInterception
import ContractTesting
import ContractVerify
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fifty tests at once, on two contracts, each with its own stub and its own deliberate violation: none
/// may see another's answers, exchanges or violations. Not recorded: the violations are deliberate.
@Suite struct ParallelIsolationTests {
    @Test(.contract("contracts/clinic.yaml", recording: .off), arguments: 0..<25)
    func clinicCase(_ index: Int) async throws {
        let backend = try #require(ContractBackend.current)
        let tag = "\"clinic-\(index)\""
        backend.stub(
            "getPet",
            .response(status: 200, headers: ["ETag": tag], json: Requests.pet).delayed(by: .milliseconds(index % 7 * 3)))
        for _ in 0..<3 {
            let (_, response) = try await backend.session.data(for: Requests.getPet())
            #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "ETag") == tag)
            await Task.yield()
        }
        // One deliberate violation per test: an id that is not a UUID.
        _ = try await backend.session.data(for: Requests.getPet("pet-\(index)"))
        #expect(backend.exchanges.count == 4)
        let findings = backend.takeFindings()
        #expect(findings.requestViolations.count == 1)
        #expect(findings.requestViolations.first?.actual?.contains("pet-\(index)") == true)
        #expect(findings.stubViolations.isEmpty)
    }

    @Test(.contract("Tests/Fixtures/contracts/petstore.yaml", recording: .off), arguments: 0..<25)
    func petstoreCase(_ index: Int) async throws {
        let backend = try #require(ContractBackend.current)
        let name = "pet-\(index)"
        backend.stub("showPet", .response(status: 200, json: #"{"id":\#(index + 1),"name":"\#(name)"}"#))
        let url = try #require(URL(string: "https://petstore.example.com/api/pets/\(index + 1)"))
        let (data, _) = try await backend.session.data(from: url)
        #expect(String(decoding: data, as: UTF8.self).contains(name))
        _ = try await backend.session.data(from: try #require(URL(string: "https://petstore.example.com/api/pets/0")))
        // This test's two requests and nothing else: none of another case's, none of the clinic tests'.
        #expect(backend.exchanges.map(\.request.path) == ["/api/pets/\(index + 1)", "/api/pets/0"])
        #expect(backend.exchanges(for: "showPet").count == 2)
        let findings = backend.takeFindings()
        #expect(findings.requestViolations.map(\.kind) == [.parameterSchema])
        #expect(findings.stubViolations.isEmpty)
        #expect(findings.problems.isEmpty)
    }
}
