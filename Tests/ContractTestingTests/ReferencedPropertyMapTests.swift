import ContractTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A contract whose schemas take their property maps from another file by `$ref` (as DigitalOcean's
/// description does), and its example values from files, works as a fake backend: requests are checked
/// against the named properties, and answers are the named example or built from the named properties.
@Suite struct ReferencedPropertyMapTests {
    static let contract = "Tests/Fixtures/contracts/schema-maps/load-balancers.yaml"

    func addDroplets(_ backend: ContractBackend, body: String) async throws -> Int {
        var request = URLRequest(
            url: try #require(URL(string: "https://api.example.com/v2/load_balancers/lb-1/droplets")))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body.utf8)
        let (_, response) = try await backend.session.data(for: request)
        return try #require(response as? HTTPURLResponse).statusCode
    }

    @Test(.contract(contract, recording: .off))
    func requestsAreCheckedAgainstTheReferencedProperties() async throws {
        let backend = try #require(ContractBackend.current)
        #expect(try await addDroplets(backend, body: #"{"droplet_ids": [3164444, 3164445]}"#) == 204)
        #expect(backend.violations.isEmpty, "\(backend.violations)")
        var status = 0
        let violations = try await backend.expectViolations {
            status = try await addDroplets(backend, body: #"{"droplet_ids": ["3164444"]}"#)
        }
        #expect(status == 422)
        let violation = try #require(violations.first)
        #expect(violations.count == 1, "\(violations)")
        #expect(violation.instancePath?.description == "$.droplet_ids[0]", "\(violation)")
        #expect(violation.keyword == "type")
        // The place is where the property's schema is written, in the file the map was taken from.
        #expect(violation.sourceLocation.file.hasSuffix("schema-maps/models/attributes.yml"), "\(violation)")
        #expect(violation.sourceLocation.position.line == 5)
    }

    func getLoadBalancer(_ backend: ContractBackend, prefer: String? = nil) async throws -> [String: Any] {
        var request = URLRequest(url: try #require(URL(string: "https://api.example.com/v2/load_balancers/lb-1")))
        if let prefer { request.setValue(prefer, forHTTPHeaderField: "Prefer") }
        let (data, _) = try await backend.session.data(for: request)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test(.contract(contract, recording: .off))
    func answersComeFromTheReferencedExampleFile() async throws {
        let backend = try #require(ContractBackend.current)
        let body = try await getLoadBalancer(backend)
        #expect(body["droplet_ids"] as? [Int] == [3_164_444, 3_164_445], "\(body)")
        #expect(body["tag"] as? String == "prod:web", "\(body)")
        #expect(body["id"] as? String == "4de7ac8b-495b-4884-9a69-1050c6793cd6")
        #expect(backend.violations.isEmpty, "\(backend.violations)")
    }

    @Test(.contract(contract, recording: .off))
    func generatedAnswersCarryTheReferencedProperties() async throws {
        let backend = try #require(ContractBackend.current)
        let body = try await getLoadBalancer(backend, prefer: "dynamic=true")
        // Generated from the schemas the maps name: an array of integers and a string.
        #expect((body["droplet_ids"] as? [Int])?.isEmpty == false, "\(body)")
        #expect(body["tag"] is String, "\(body)")
        #expect(body["id"] is String)
        // The backend proves each answer against the schema: none broke it.
        #expect(backend.violations.isEmpty, "\(backend.violations)")
    }
}
