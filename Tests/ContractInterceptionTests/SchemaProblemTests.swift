import ContractInterception
import ContractTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A backend compiles a contract's schemas when an operation that uses them is first requested, not when
/// it loads the contract. A schema the engine cannot use is then reported to the test that requests its
/// operation, naming the file, the line and what to change, once per backend; the contract's other
/// operations stay usable.
@Suite struct SchemaProblemTests {
    /// A request body whose schema nests `allOf`s of one subschema twice, thirty levels deep, beside an
    /// operation whose schemas are fine.
    static func exponentialContract() -> String {
        var lines = [
            "openapi: 3.1.0", "info: {title: Hostile, version: '1'}", "servers: [{url: 'https://api.example.com'}]",
            "paths:", "  /things:", "    post:", "      operationId: makeThing", "      requestBody:",
            "        required: true", "        content:", "          application/json:",
            "            schema: {$ref: '#/components/schemas/S0'}", "      responses:",
            "        '204': {description: Made.}", "components:", "  schemas:",
        ]
        for level in 0..<30 {
            let next = "{$ref: '#/components/schemas/S\(level + 1)'}"
            lines.append("    S\(level): {allOf: [\(next), \(next)]}")
        }
        lines.append("    S30: {type: string}")
        return lines.joined(separator: "\n") + "\n"
    }

    static let patternContract = """
        openapi: 3.1.0
        info: {title: Bad pattern, version: '1'}
        servers: [{url: 'https://api.example.com'}]
        paths:
          /things:
            post:
              operationId: makeThing
              requestBody:
                content:
                  application/json:
                    schema: {type: string, pattern: '[a-'}
              responses:
                '204': {description: Made.}
            get:
              operationId: listThings
              responses:
                '200':
                  description: The things.
                  content:
                    application/json:
                      schema: {type: array, items: {type: string}}

        """

    /// The same bad pattern, under a property of the request body: compiled only when a body has the property.
    static let propertyPatternContract = """
        openapi: 3.1.0
        info: {title: Bad pattern below, version: '1'}
        servers: [{url: 'https://api.example.com'}]
        paths:
          /things:
            post:
              operationId: makeCodedThing
              requestBody:
                content:
                  application/json:
                    schema: {type: object, properties: {name: {type: string}, code: {type: string, pattern: '[a-'}}}
              responses: {'204': {description: Made.}}

        """

    static func write(_ text: String, name: String) throws -> URL {
        let folder = try Scratch.folder("schema-problem")
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    static func post(_ body: String, to backend: ContractBackend) async throws -> Int {
        var request = URLRequest(url: try #require(URL(string: "https://api.example.com/things")))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body.utf8)
        let (_, response) = try await backend.session.data(for: request)
        return try #require(response as? HTTPURLResponse).statusCode
    }

    @Test func anExponentialSchemaIsReportedWithItsLineWhenItsOperationIsUsed() async throws {
        let url = try Self.write(Self.exponentialContract(), name: "hostile.yaml")
        let backend = try ContractBackend(contract: url, recording: .off)
        #expect(backend.problems.isEmpty)
        // Compiling stops at the first node past the limit: the request is answered (a time bound here would
        // measure the rest of the suite, which shares the two cores).
        _ = try await Self.post(#""x""#, to: backend)
        let messages = backend.problems.map(\.message)
        #expect(messages.count == 1)
        // S14 (line 31) is the first level past 100,000 visits of one value: 2^17 - 1.
        let message = try #require(messages.first)
        #expect(message.hasPrefix("POST /things: a schema of this operation does not compile"))
        #expect(message.contains("hostile.yaml:31:5"))
        #expect(message.contains("takes exponential time") && message.contains("refer to a repeated subschema once"))
        #expect(message.contains("contract-check lint"))
    }

    @Test func aPatternThatDoesNotParseIsReportedOnceAndOnlyForItsOperation() async throws {
        let url = try Self.write(Self.patternContract, name: "pattern.yaml")
        let backend = try ContractBackend(contract: url, recording: .off)
        let (_, listed) = try await backend.session.data(from: try #require(URL(string: "https://api.example.com/things")))
        #expect(try #require(listed as? HTTPURLResponse).statusCode == 200)
        #expect(backend.problems.isEmpty)

        _ = try await Self.post(#""abc""#, to: backend)
        _ = try await Self.post(#""def""#, to: backend)
        let messages = backend.problems.map(\.message)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("pattern.yaml:11:") == true)
        #expect(messages.first?.hasPrefix("POST /things:") == true)

        // Each backend is told: a test of its own learns of it too.
        let other = try ContractBackend(contract: url, recording: .off)
        _ = try await Self.post(#""ghi""#, to: other)
        #expect(other.problems.count == 1)
    }

    @Test func aPatternThatDoesNotParseUnderAPropertyFailsOnlyTheBodiesThatReachIt() async throws {
        let url = try Self.write(Self.propertyPatternContract, name: "below.yaml")
        let backend = try ContractBackend(contract: url, recording: .off)
        #expect(try await Self.post(#"{"name": "a"}"#, to: backend) == 204)
        #expect(backend.violations.isEmpty)
        #expect(backend.problems.isEmpty)

        _ = try await Self.post(#"{"name": "a", "code": "x"}"#, to: backend)
        let violation = try #require(backend.violations.first)
        #expect(backend.violations.count == 1)
        #expect(violation.description.contains("a schema that compiles"), "\(violation)")
        #expect(violation.description.contains("/properties/code"), "\(violation)")
        #expect(violation.sourceLocation.description.contains("below.yaml:11:"), "\(violation)")
    }

    /// A response whose `oneOf` branches overlap so that no value matches exactly one (PagerDuty writes one),
    /// with no example: the answer says why, where and what to do, to the test and in the body.
    static let overlappingContract = """
        openapi: 3.0.3
        info: {title: Overlap, version: '1'}
        servers: [{url: 'https://api.example.com'}]
        paths:
          /agents/{id}:
            get:
              operationId: getAgent
              parameters: [{name: id, in: path, required: true, schema: {type: string}}]
              responses:
                '200':
                  description: The agent.
                  content:
                    application/json:
                      schema:
                        oneOf:
                          - {type: object, required: [id], properties: {id: {type: string}}}
                          - {type: object, required: [id], properties: {id: {type: string}}}

        """

    @Test func anAnswerNoValueSatisfiesIsA500ThatSaysWhyAndWhere() async throws {
        let url = try Self.write(Self.overlappingContract, name: "overlap.yaml")
        let backend = try ContractBackend(contract: url, recording: .off)
        let (data, response) = try await backend.session.data(
            from: try #require(URL(string: "https://api.example.com/agents/a1")))
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 500)
        #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/problem+json")
        let problem = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let detail = try #require(problem["detail"] as? String)
        #expect(detail.hasPrefix("GET /agents/{id}: "), "\(detail)")
        #expect(detail.contains("overlap.yaml:14:15: no value found for the schema"), "\(detail)")
        #expect(detail.contains("oneOf"), "\(detail)")
        #expect(detail.hasSuffix("stub this operation's answer, or give its response a valid example"), "\(detail)")
        let message = try #require(backend.problems.first?.message)
        #expect(message.hasPrefix("GET /agents/{id}: "), "\(message)")
        #expect(message.contains("overlap.yaml:14:15:"), "\(message)")
    }
}
