import ContractSpec
import Foundation
import Testing

/// Long chains of component schemas that are each only a `$ref` to the next: linted in time linear in the
/// chain, each problem reported once, and loops still reported from every `$ref` that leads into them.
@Suite struct ReferenceChainTests {
    /// `S0` → `S1` → … → `S<count>`, which `last` completes (a schema, a missing name, or a `$ref` back).
    static func chain(_ count: Int, last: String = "{type: object, properties: {a: {type: string}}}") -> String {
        var lines = ["openapi: 3.1.0", "info: {title: chain, version: '1'}", "paths: {}", "components:", "  schemas:"]
        for index in 0..<count {
            lines.append("    S\(index): {$ref: '#/components/schemas/S\(index + 1)'}")
        }
        lines.append("    S\(count): \(last)")
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func aChainOfTwentyThousandReferencesLintsCleanInLinearTime() throws {
        func seconds(_ count: Int) throws -> (Double, [Diagnostic]) {
            let contract = try TemporaryContract(["api.yaml": Self.chain(count)])
            let clock = ContinuousClock()
            var diagnostics: [Diagnostic] = []
            let elapsed = clock.measure { diagnostics = contract.load().diagnostics }
            return (Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds), diagnostics)
        }
        let (small, smallDiagnostics) = try seconds(2_000)
        let (large, largeDiagnostics) = try seconds(20_000)
        #expect(smallDiagnostics.isEmpty, "\(smallDiagnostics.prefix(3))")
        #expect(largeDiagnostics.isEmpty, "\(largeDiagnostics.prefix(3))")
        // Ten times the chain: linear is about 10x; the quadratic walk this replaces was 100x and more.
        #expect(large < max(small, 0.05) * 30, "2,000 links: \(small) s, 20,000 links: \(large) s")
    }

    @Test func aChainEndingInAMissingSchemaIsReportedOnceAtTheLastReference() throws {
        let contract = try TemporaryContract(["api.yaml": Self.chain(500, last: "{$ref: '#/components/schemas/Nowhere'}")])
        let errors = contract.load().diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.code) == ["ref.unresolved"], "\(errors.prefix(3))")
        // S500's own line: the file starts with five lines before S0.
        #expect(errors.first?.location.position.line == 506)
    }

    @Test func aChainIntoALoopIsReportedFromEveryReferenceThatEntersIt() throws {
        let contract = try TemporaryContract(["api.yaml": Self.chain(300, last: "{$ref: '#/components/schemas/S299'}")])
        let cycles = contract.load().diagnostics.filter { $0.code == "ref.cycle" }
        #expect(cycles.count == 301, "\(cycles.prefix(3))")
        // S0's chain meets S1 … S300 before S299 again; S299 is the loop's own first link.
        #expect(cycles.contains { $0.location.position.line == 6 && $0.message.contains("301 refs loop") })
        #expect(cycles.contains { $0.location.position.line == 305 && $0.message.contains("2 refs loop") })
    }
}
