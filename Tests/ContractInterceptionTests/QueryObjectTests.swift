import ContractInterception
import Foundation
import Testing

/// Query parameters that are objects sent as one item per member (`style: form`, `explode: true`, the
/// default), as Plex's description declares them.
@Suite struct QueryObjectTests {
    static let contract = """
        openapi: 3.1.1
        info: {title: Media, version: '1'}
        servers: [{url: 'https://media.example.com'}]
        paths:
          /prefs:
            put:
              parameters:
                - {name: prefs, in: query, required: true, schema: {type: object}}
                - {name: limit, in: query, schema: {type: integer}}
              responses: {'200': {description: Saved.}}
          /documents/search:
            get:
              parameters:
                - {name: searchParameters, in: query, required: true, schema: {type: object, properties: {q: {type: string}}}}
              responses: {'200': {description: Found.}}
          /query:
            get:
              parameters:
                - {name: query, in: query, required: true, schema: {type: object, required: [q], properties: {q: {type: string}}}}
              responses: {'200': {description: Found.}}
          /search:
            get:
              parameters:
                - {name: type, in: query, schema: {type: integer}}
                - name: mediaQuery
                  in: query
                  schema: {type: object, properties: {type: {enum: [1, 2]}, sourceType: {type: integer}}}
              responses: {'200': {description: Found.}}

        """

    @Test func anObjectWithoutPropertiesTakesTheItemsNoParameterClaims() async throws {
        let (_, _, backend) = try WrittenContract.load(Self.contract, name: "media.yaml")
        let saved = try await WrittenContract.answer(
            "PUT", "https://media.example.com/prefs?FriendlyName=Home&ScheduledLibraryUpdateInterval=3600&limit=5",
            from: backend)
        #expect(saved.status == 200)
        #expect(backend.violations.isEmpty, "\(backend.violations)")
    }

    @Test func aRequiredObjectThatMayBeEmptyMaySendNothing() async throws {
        let (_, _, backend) = try WrittenContract.load(Self.contract, name: "media.yaml")
        let media = "https://media.example.com"
        #expect(try await WrittenContract.answer("PUT", media + "/prefs?limit=5", from: backend).status == 200)
        #expect(try await WrittenContract.answer("GET", media + "/documents/search", from: backend).status == 200)
        #expect(backend.violations.isEmpty, "\(backend.violations)")
        let missing = try await backend.expectViolations {
            _ = try await WrittenContract.answer("GET", media + "/query", from: backend)
        }
        #expect(missing.map(\.kind) == [.parameterMissing], "\(missing)")
    }

    @Test func anItemAParameterNamesIsThatParameters() async throws {
        let (_, _, backend) = try WrittenContract.load(Self.contract, name: "media.yaml")
        let found = try await WrittenContract.answer(
            "GET", "https://media.example.com/search?type=0&sourceType=2", from: backend)
        #expect(found.status == 200)
        #expect(backend.violations.isEmpty, "\(backend.violations)")
        let violations = try await backend.expectViolations {
            _ = try await WrittenContract.answer(
                "GET", "https://media.example.com/search?type=1&sourceType=x", from: backend)
        }
        #expect(violations.map(\.kind) == [.parameterSchema], "\(violations)")
    }
}
