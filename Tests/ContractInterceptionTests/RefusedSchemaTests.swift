import ContractInterception
import Foundation
import Testing

/// A contract with a schema the engine cannot use is refused when the backend loads it, naming the file,
/// the line and what to change, instead of answering every request with unchecked bodies (or hanging).
@Suite struct RefusedSchemaTests {
    /// A request body whose schema nests `allOf`s of one subschema twice, thirty levels deep.
    static func exponentialContract() -> String {
        var lines = [
            "openapi: 3.1.0", "info: {title: Hostile, version: '1'}", "paths:", "  /things:", "    post:",
            "      operationId: makeThing", "      requestBody:", "        required: true", "        content:",
            "          application/json:", "            schema: {$ref: '#/components/schemas/S0'}", "      responses:",
            "        '204': {description: Made.}", "components:", "  schemas:",
        ]
        for level in 0..<30 {
            let next = "{$ref: '#/components/schemas/S\(level + 1)'}"
            lines.append("    S\(level): {allOf: [\(next), \(next)]}")
        }
        lines.append("    S30: {type: string}")
        return lines.joined(separator: "\n") + "\n"
    }

    static func write(_ text: String, name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("refused-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func anExponentialSchemaIsRefusedWithItsLine() throws {
        let url = try Self.write(Self.exponentialContract(), name: "hostile.yaml")
        #expect {
            _ = try ContractBackend(contract: url)
        } throws: { error in
            let text = "\(error)"
            // S14 (line 30) is the first level past 100,000 visits of one value: 2^17 - 1.
            return text.contains("hostile.yaml:30:5") && text.contains("takes exponential time")
                && text.contains("refer to a repeated subschema once")
        }
    }

    @Test func aPatternThatDoesNotParseIsRefusedWithItsLine() throws {
        let text = """
            openapi: 3.1.0
            info: {title: Bad pattern, version: '1'}
            paths:
              /things:
                post:
                  operationId: makeThing
                  requestBody:
                    content:
                      application/json:
                        schema: {type: string, pattern: '[a-'}
                  responses:
                    '204': {description: Made.}
            """
        let url = try Self.write(text, name: "pattern.yaml")
        #expect {
            _ = try ContractBackend(contract: url)
        } throws: { error in
            "\(error)".contains("pattern.yaml:10:")
        }
    }
}
