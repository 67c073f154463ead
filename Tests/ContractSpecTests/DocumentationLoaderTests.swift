import ContractSpec
import ContractTestSupport
import Foundation
import Testing

/// Docs/Contracts.md's example, as written there (`swift test` runs in the package root).
@Suite struct DocumentationLoaderTests {
    @Test func theDocumentedLoadFindsTheOperation() throws {
        let result = ContractLoader(rootDirectory: URL(fileURLWithPath: "contracts"))
            .load(URL(fileURLWithPath: "contracts/clinic.yaml"))
        for diagnostic in result.diagnostics { print(diagnostic) }
        if let document = result.document {
            let getPet = document.operation(id: "getPet")  // or document.operation(method: "GET", path: "/pets/{petId}")
            let schema = getPet?.response(for: 200)?.content.first?.schema  // 200 > 2XX > default
            print(schema as Any)
        }
        #expect(result.document?.operation(id: "getPet")?.response(for: 200)?.content.first?.schema != nil)
        #expect(!result.diagnostics.contains { $0.severity == .error })
    }
}
