import ContractSpec
import Foundation
import Testing

/// "Did you mean" stays cheap among many names: 1,000 unresolved `$ref`s among 20,000 component schemas
/// each get their suggestion without comparing every name in full.
@Suite struct DidYouMeanTests {
    @Test func manyUnresolvedReferencesAmongManySchemas() throws {
        var lines = ["openapi: 3.1.0", "info: {title: many, version: '1'}", "paths: {}", "components:", "  schemas:"]
        for index in 0..<20_000 { lines.append("    Model\(index): {type: string}") }
        for index in 0..<1_000 { lines.append("    Broken\(index): {$ref: '#/components/schemas/Modl\(index * 7)'}") }
        let contract = try TemporaryContract(["api.yaml": lines.joined(separator: "\n") + "\n"])
        let clock = ContinuousClock()
        var diagnostics: [Diagnostic] = []
        // Without compiling the 21,000 schemas, which is not what this measures and takes seconds in debug.
        let loader = ContractLoader(rootDirectory: contract.url("api.yaml").deletingLastPathComponent())
        let elapsed = clock.measure { diagnostics = loader.load(contract.url("api.yaml"), checks: []).diagnostics }
        let unresolved = diagnostics.filter { $0.code == "ref.unresolved" }
        #expect(unresolved.count == 1_000)
        #expect(unresolved.first?.message.contains("did you mean 'Model0'?") == true, "\(unresolved.first as Any)")
        #expect(unresolved.last?.message.contains("did you mean 'Model6993'?") == true, "\(unresolved.last as Any)")
        // Debug build, shared machine: a few seconds for the whole load, most of it reading the file
        // (comparing each broken name with every schema name took 12-14 s in release).
        #expect(elapsed < .seconds(10), "\(elapsed)")
    }

    @Test func suggestionsAreTheNearestAndIndependentOfOrder() {
        #expect(EditDistance.nearest(to: "Pett", among: ["Owner", "Pet", "Pets"], atMost: 2) == "Pet")
        #expect(EditDistance.nearest(to: "Pett", among: ["Pets", "Pet", "Owner"], atMost: 2) == "Pet")
        // Equally near: the first in lexical order, whatever order they come in.
        #expect(EditDistance.nearest(to: "ab", among: ["ac", "aa"], atMost: 1) == "aa")
        #expect(EditDistance.nearest(to: "ab", among: ["aa", "ac"], atMost: 1) == "aa")
        #expect(EditDistance.nearest(to: "Pet", among: ["Veterinarian"], atMost: 2) == nil)
        #expect(EditDistance.between("kitten", "sitting") == 3)
        #expect(EditDistance.between("kitten", "sitting", atMost: 2) == nil)
        #expect(EditDistance.between("kitten", "sitting", atMost: 3) == 3)
        #expect(EditDistance.between("", "abc", atMost: 3) == 3)
        #expect(EditDistance.between("ü", "u") == 1)
        // Equally near by a transposition and by an insertion: the first in scalar order.
        #expect(EditDistance.nearest(to: "Modle6993", among: ["Model6993", "Model16993"], atMost: 3) == "Model16993")
        let index = NameIndex(["Pet", "Pets", "PetList", "Owner", ""])
        #expect(index.nearest(to: "Pett", atMost: 2) == "Pet")
        #expect(index.nearest(to: "PetLst", atMost: 2) == "PetList")
        #expect(index.nearest(to: "x", atMost: 1) == "")
        #expect(index.nearest(to: "Veterinarian", atMost: 3) == nil)
    }
}
