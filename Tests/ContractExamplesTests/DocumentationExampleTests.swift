import ContractExamples
import ContractJSON
import ContractSpec
import ContractTestSupport
import Foundation
import Testing

/// Docs/ContractExamples.md's example, as written there, on the bundled contract.
@Suite struct DocumentationExampleTests {
    @Test func theDocumentedCallsAnswer() throws {
        let root = Corpus.packageRoot
        let url = root.appendingPathComponent("contracts/clinic.yaml")
        let json: JSONValue = .object(["type": .string("string"), "format": .string("uuid")])

        let document = try #require(ContractLoader(rootDirectory: root).load(url).document)
        let synthesizer = ExampleSynthesizer(document: document)  // Sendable; caches merged schemas
        let operation = try #require(document.operation(id: "getPet"))
        let createPet = try #require(document.operation(id: "createPet"))

        let body = try synthesizer.responseBody(for: operation, status: 404)  // SynthesizedBody
        print(body.source)  // .namedExample / .mediaTypeExample / .schemaExample / .generated
        print(body.diagnostics)  // contract examples that broke their schema (code example.invalid)
        print(body.json)  // pretty JSON

        let dog = try synthesizer.responseBody(for: operation, exampleName: "dog")  // a named example
        let random = try synthesizer.responseBody(for: operation, mode: .random(seed: 7), sources: .generatedOnly)
        let request = try synthesizer.requestBody(for: createPet, mode: .minimal)  // readOnly left out
        let headers = try synthesizer.responseHeaders(for: createPet, status: 201)  // [SynthesizedHeader]
        let uuid = try ExampleSynthesizer.value(forJSONSchema: json, mode: .full)  // a standalone JSON Schema

        #expect(body.diagnostics.isEmpty)
        #expect(dog.source == .namedExample("dog"))
        #expect(random.source == .generated)
        #expect(request.value["id"] == nil)
        #expect(headers.contains { $0.name == "Location" })
        #expect(uuid.stringValue?.count == 36)
    }
}
