import ContractExamples
import ContractJSON
import ContractSchema
import ContractSpec
import ContractTestSupport
import Foundation
import Testing

/// The synthesizer reads `nullable` as the document's schemas do: a contract example with null beside
/// `allOf`, `anyOf` or an enum without null is served by default, and reported when read strictly.
@Suite("Examples and nullable")
struct NullableExampleTests {
    static let document: Spec.Document? = {
        let url = Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/contracts/nullable.yaml")
        return ContractLoader(rootDirectory: Corpus.packageRoot).load(url, checks: []).document
    }()

    @Test("an example with nulls is served as written by default")
    func lenientServesTheExample() throws {
        let document = try #require(Self.document)
        let body = try ExampleSynthesizer(document: document).responseBody(
            for: try #require(document.operation(id: "getIssue")))
        #expect(body.source == .mediaTypeExample("example"))
        #expect(body.diagnostics.isEmpty)
        #expect(body.value["milestone"] == .null)
    }

    @Test("read strictly, the example is reported and a generated value answers instead")
    func strictReportsTheExample() throws {
        let document = try #require(Self.document).reading(nullable: .strict)
        let operation = try #require(document.operation(id: "getIssue"))
        let body = try ExampleSynthesizer(document: document).responseBody(for: operation)
        #expect(body.source == .generated)
        #expect(body.diagnostics.map(\.code) == ["example.invalid"])
        #expect(body.diagnostics.first?.message.contains("$.milestone") == true, "\(body.diagnostics)")
        let schema = try #require(operation.response(for: 200)?.content.first?.schema)
        #expect(try document.compiledSchemas.compiled(schema).isValid(body.value, context: .response))
    }

    @Test("generated values are valid under both readings, in every mode")
    func generatedValuesValidEitherWay() throws {
        let lenient = try #require(Self.document)
        for document in [lenient, lenient.reading(nullable: .strict)] {
            let synthesizer = ExampleSynthesizer(document: document)
            for operation in document.operations {
                for mode in [ExampleMode.minimal, .full, .random(seed: 3), .random(seed: 11)] {
                    let body = try synthesizer.responseBody(for: operation, mode: mode, sources: .generatedOnly)
                    let schema = try #require(operation.response(for: 200)?.content.first?.schema)
                    for reading in [NullableReading.lenient, .strict] {
                        #expect(
                            try document.reading(nullable: reading).compiledSchemas.compiled(schema).isValid(
                                body.value, context: .response), "\(body.json)")
                    }
                }
            }
        }
    }
}
