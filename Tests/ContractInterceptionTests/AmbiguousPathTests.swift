import ContractInterception
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Two templates of one shape with the same method (`/attachments/{fileName}` and `/attachments/{id}`, as
/// Xero's description writes) break OpenAPI's rule, but the contract stays usable: the lint warns, and
/// requests go to the one declared first.
@Suite struct AmbiguousPathTests {
    static let contract = """
        openapi: 3.0.3
        info: {title: Attachments, version: '1'}
        servers: [{url: 'https://api.example.com'}]
        paths:
          /attachments/{fileName}:
            get:
              operationId: getByFileName
              parameters: [{name: fileName, in: path, required: true, schema: {type: string}}]
              responses:
                '200':
                  description: By name.
                  content: {application/json: {schema: {type: object}, example: {found: byName}}}
          /attachments/{attachmentId}:
            get:
              operationId: getById
              parameters: [{name: attachmentId, in: path, required: true, schema: {type: string, format: uuid}}]
              responses:
                '200':
                  description: By id.
                  content: {application/json: {schema: {type: object}, example: {found: byId}}}

        """

    @Test func theFirstDeclaredAnswers() async throws {
        let url = try SchemaProblemTests.write(Self.contract, name: "attachments.yaml")
        let backend = try ContractBackend(contract: url, recording: .off)
        let (data, response) = try await backend.session.data(
            from: try #require(URL(string: "https://api.example.com/attachments/report.pdf")))
        #expect(try #require(response as? HTTPURLResponse).statusCode == 200)
        let body = try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
        #expect(body == ["found": "byName"])
        #expect(backend.exchanges(for: "getByFileName").count == 1)
        #expect(backend.violations.isEmpty, "\(backend.violations)")
    }
}
