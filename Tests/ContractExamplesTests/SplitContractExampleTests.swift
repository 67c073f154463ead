import ContractExamples
import ContractJSON
import ContractSpec
import ContractTestSupport
import Foundation
import Testing

/// Bodies for a description whose every operation is a `$ref` to a file of its own.
@Suite("Examples for a split contract")
struct SplitContractExampleTests {
    static let document: Spec.Document? = {
        let url = Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/contracts/split/ledger.yaml")
        return ContractLoader(rootDirectory: Corpus.packageRoot).load(url, checks: []).document
    }()

    @Test("every operation's responses and request bodies synthesize, each valid for its schema")
    func everyOperation() throws {
        let document = try #require(Self.document)
        let synthesizer = ExampleSynthesizer(document: document)
        #expect(document.operations.count == 4)
        for operation in document.operations {
            for response in operation.responses where !response.content.isEmpty {
                let status: Int
                if case .code(let code) = response.status { status = code } else { status = 599 }
                let body = try synthesizer.responseBody(for: operation, status: status, sources: .generatedOnly)
                let schema = try #require(response.content.first?.schema)
                #expect(
                    try document.compiledSchemas.compiled(schema).isValid(body.value, context: .response),
                    "\(operation.operationId ?? "") \(status): \(body.json)")
            }
        }
        let balance = try synthesizer.responseBody(for: try #require(document.operation(id: "balance_get")))
        #expect(balance.source == .mediaTypeExample("example"))
        #expect(balance.value["month_to_date_balance"] == "23.44")
        let create = try synthesizer.requestBody(for: try #require(document.operation(id: "invoice_create")))
        #expect(create.value["amount"]?.numberValue != nil)
        let invoice = try synthesizer.responseBody(for: try #require(document.operation(id: "invoice_get")))
        #expect(invoice.value["id"]?.stringValue?.hasPrefix("inv_") == true)
    }
}
