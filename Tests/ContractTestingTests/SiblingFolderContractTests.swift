import ContractTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A contract whose `$ref`s name files in a sibling folder (`reference/` beside `models/`, as SpaceTraders'
/// description is laid out) is read by the fake backend as `contract-check` reads it from the package: the
/// files inside the working folder are allowed, so the tests and CI agree.
@Suite struct SiblingFolderContractTests {
    static let contract = "Tests/Fixtures/contracts/sibling/reference/agents.yaml"

    @Test(.contract(contract, recording: .off))
    func requestsAreCheckedAgainstTheSchemaInTheSiblingFolder() async throws {
        let backend = try #require(ContractBackend.current)
        var request = URLRequest(url: try #require(URL(string: "https://api.example.com/agents")))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"symbol": "ABC", "credits": 100}"#.utf8)
        let (_, response) = try await backend.session.data(for: request)
        #expect(try #require(response as? HTTPURLResponse).statusCode == 201)
        #expect(backend.violations.isEmpty, "\(backend.violations)")
        let violations = try await backend.expectViolations {
            request.httpBody = Data(#"{"symbol": "AB", "credits": 100}"#.utf8)
            _ = try await backend.session.data(for: request)
        }
        let violation = try #require(violations.first)
        #expect(violation.keyword == "minLength", "\(violations)")
        #expect(violation.sourceLocation.file.hasSuffix("sibling/models/Agent.yaml"), "\(violation)")
    }
}
