import ContractJSON
import Testing

@testable import ContractSchema

/// Compiling a pattern is bounded by the nodes it visits as well as by the program's size: a contract's
/// `pattern` must not hang or exhaust memory when the contract loads.
@Suite("regex compile bounds")
struct RegexCompileBoundTests {
    @Test(
        "repetitions of what emits little are refused at once",
        arguments: [
            // An empty group repeated 10^8 times: nothing is emitted, so the program never grows.
            "(?:(?:){10000}){10000}",
            // A lookahead repeated 10^4 times, each with a sub-program of 2·10^4 instructions.
            "(?:(?=(?:ab){10000})){10000}",
        ])
    func refusedQuickly(pattern: String) {
        var thrown: RegexSyntaxError?
        let elapsed = ContinuousClock().measure {
            do throws(RegexSyntaxError) {
                _ = try ECMARegex(pattern)
            } catch {
                thrown = error
            }
        }
        #expect(thrown?.message == "pattern too large once expanded")
        #expect(elapsed < .seconds(2))
    }

    @Test("large counted repetitions that contracts write still compile and match")
    func largePatternsCompile() throws {
        let hex = try ECMARegex("^[0-9a-f]{32}$")
        #expect(hex.firstMatch(in: String(repeating: "a", count: 32), budget: 100_000) == .matched)
        let long = try ECMARegex("^(?:ab){50000}$")
        #expect(long.firstMatch(in: String(repeating: "ab", count: 50_000), budget: 1_000_000) == .matched)
    }

    @Test("a schema whose pattern is too large is a compile error naming the pattern")
    func schemaError() {
        let schema: JSONValue = ["type": "string", "pattern": "(?:(?:){10000}){10000}"]
        #expect(throws: SchemaCompileErrors.self) { try CompiledSchema(schema: schema) }
    }
}
