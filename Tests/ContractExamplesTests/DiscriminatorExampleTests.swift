import ContractExamples
import ContractJSON
import ContractSpec
import ContractTestSupport
import Foundation
import Testing

/// The synthesizer sets a discriminator property to the value the branch itself declares.
@Suite("Discriminators in synthesis")
struct DiscriminatorExampleTests {
    static let document: Spec.Document? = {
        let url = Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/contracts/chat.yaml")
        return ContractLoader(rootDirectory: Corpus.packageRoot).load(url, checks: []).document
    }()

    @Test(
        "request and response bodies take the branch's own enum value, and validate",
        arguments: [
            ExampleMode.minimal, .full, .random(seed: 1), .random(seed: 2), .random(seed: 5), .random(seed: 9),
        ])
    func bodiesValidate(mode: ExampleMode) throws {
        let document = try #require(Self.document)
        let operation = try #require(document.operation(id: "createChatCompletion"))
        let synthesizer = ExampleSynthesizer(document: document)
        let request = try synthesizer.requestBody(for: operation, mode: mode)
        let requestSchema = try #require(operation.requestBody?.content.first?.schema)
        #expect(try document.compiledSchemas.compiled(requestSchema).isValid(request.value, context: .request))
        let roles = (request.value["messages"]?.arrayValue ?? []).compactMap { $0["role"]?.stringValue }
        #expect(!roles.isEmpty)
        #expect(roles.allSatisfy { ["system", "developer", "user", "assistant", "LegacyMessage"].contains($0) }, "\(roles)")
        let response = try synthesizer.responseBody(for: operation, mode: mode)
        let responseSchema = try #require(operation.response(for: 200)?.content.first?.schema)
        #expect(try document.compiledSchemas.compiled(responseSchema).isValid(response.value, context: .response))
    }

    @Test("full mode fills tool_calls with calls whose type is the branch's own value")
    func toolCalls() throws {
        let document = try #require(Self.document)
        let operation = try #require(document.operation(id: "createChatCompletion"))
        let response = try ExampleSynthesizer(document: document).responseBody(for: operation, mode: .full)
        let calls = response.value["choices"]?.arrayValue?.first?["message"]?["tool_calls"]?.arrayValue ?? []
        #expect(!calls.isEmpty, "\(response.json)")
        #expect(calls.allSatisfy { $0["type"] == "function" }, "\(response.json)")
    }

    /// OpenAPI 3.0 receivers whose Slack branch leaves `type` open, so it accepts every email receiver too.
    static let receivers = """
        openapi: 3.0.3
        info: {title: Receivers, version: '1'}
        paths:
          /receiver:
            get:
              operationId: getReceiver
              responses:
                '200':
                  description: A receiver.
                  content:
                    application/json:
                      schema:
                        oneOf: [{$ref: '#/components/schemas/Email'}, {$ref: '#/components/schemas/Slack'}]
                        discriminator:
                          propertyName: type
                          mapping: {SLACK: '#/components/schemas/Slack', EMAIL: '#/components/schemas/Email'}
        components:
          schemas:
            Slack: {type: object, required: [type], properties: {type: {type: string}}}
            Email:
              type: object
              required: [type, to]
              properties: {type: {type: string}, to: {type: string, format: email}}
        """

    @Test(
        "in 3.0, a synthesized value matches its own branch alone, so it is valid however the oneOf is read",
        arguments: [ExampleMode.minimal, .full, .random(seed: 1), .random(seed: 2), .random(seed: 3)])
    func exclusiveBranchPreferred(mode: ExampleMode) throws {
        let folder = Scratch.path("receivers")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("api.yaml")
        try Data(Self.receivers.utf8).write(to: url)
        let document = try #require(ContractLoader(rootDirectory: folder).load(url, checks: []).document)
        let operation = try #require(document.operation(id: "getReceiver"))
        let body = try ExampleSynthesizer(document: document).responseBody(for: operation, mode: mode)
        // Every email receiver is a Slack one too, so only a Slack receiver matches one branch alone.
        #expect(body.value["type"] == "SLACK", "\(body.json)")
        #expect(body.value["to"] == nil, "\(body.json)")
    }
}
