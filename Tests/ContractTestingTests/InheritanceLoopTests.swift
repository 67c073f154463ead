import ContractTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A contract whose base type is the `oneOf` of its subtypes while each subtype is the `allOf` of the base
/// and its own members (how swagger-core writes Java inheritance; HubSpot's exports API) works as a fake
/// backend: a schema met again for the value it is already checking passes there, so each request is
/// checked against the subtype it names, and the answers are built and proven in finite time.
@Suite struct InheritanceLoopTests {
    static let contract = "Tests/Fixtures/contracts/exports.yaml"

    func startExport(_ backend: ContractBackend, body: String) async throws -> (Int, Data) {
        var request = URLRequest(url: try #require(URL(string: "https://api.example.com/exports")))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body.utf8)
        let (data, response) = try await backend.session.data(for: request)
        return (try #require(response as? HTTPURLResponse).statusCode, data)
    }

    @Test(.contract(contract, recording: .off))
    func eachSubtypeIsCheckedAsItsOwnMembersSay() async throws {
        let backend = try #require(ContractBackend.current)
        for body in [#"{"exportType": "VIEW", "format": "CSV"}"#, #"{"exportType": "LIST", "format": "CSV", "listId": "7"}"#] {
            let (status, data) = try await startExport(backend, body: body)
            #expect(status == 202, "\(body)")
            // The answer is built from the schema and proven against it.
            let answer = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(["VIEW", "LIST"].contains(answer["exportType"] as? String), "\(answer)")
        }
        #expect(backend.violations.isEmpty, "\(backend.violations)")
        var status = 0
        let violations = try await backend.expectViolations {
            (status, _) = try await startExport(backend, body: #"{"exportType": "LIST", "format": "CSV"}"#)
        }
        #expect(status == 422)
        let violation = try #require(violations.first)
        #expect(violations.count == 1, "\(violations)")
        #expect(violation.keyword == "oneOf", "\(violation)")
        #expect(violation.message.contains("listId"), "\(violation)")
    }
}
