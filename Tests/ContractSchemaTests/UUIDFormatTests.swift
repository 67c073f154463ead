import ContractJSON
import ContractSchema
import Testing

/// The `uuid` format is checked eight bytes at a time (`UUIDWords`); its verdicts must be the plain definition's:
/// 36 characters, hyphens at 8, 13, 18 and 23, hex digits of either case everywhere else.
@Suite struct UUIDFormatTests {
    private static let valid = "5b6c7d8e-9f0a-4b1c-8d2e-3f4a5B6C7D8E"

    /// The definition, character by character.
    private static func expected(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (offset, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(offset) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                let isHex =
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
                guard isHex else { return false }
            }
        }
        return true
    }

    /// The verdicts of the value checked as a built string and straight from JSON bytes.
    private static func verdicts(_ schema: CompiledSchema, _ text: String) throws -> (tree: Bool, bytes: Bool) {
        let json = Array(JSONWriter.string(from: .string(text)).utf8)
        return (schema.isValid(.string(text)), try schema.isValid(json: json))
    }

    @Test("every character of the ASCII range and a few others, at every position, decides as the definition")
    func everySubstitution() throws {
        let schema = try CompiledSchema(schema: ["format": "uuid"])
        var characters = (0..<0x80).compactMap { Unicode.Scalar(UInt32($0)).map(Character.init) }
        characters += ["\u{E9}", "\u{FF21}", "\u{663}", "\u{1F600}", "a\u{301}"]
        let original = Array(Self.valid)
        for offset in original.indices {
            for character in characters {
                var text = original
                text[offset] = character
                let candidate = String(text)
                let (tree, bytes) = try Self.verdicts(schema, candidate)
                #expect(tree == Self.expected(candidate), "\(candidate.debugDescription)")
                #expect(bytes == tree, "\(candidate.debugDescription)")
            }
        }
    }

    @Test(
        "whole values: valid ones in either case, wrong lengths, hyphens moved or missing",
        arguments: [
            valid, valid.lowercased(), valid.uppercased(), "00000000-0000-0000-0000-000000000000",
            "ffffffff-ffff-ffff-ffff-ffffffffffff", "", "5b6c7d8e9f0a4b1c8d2e3f4a5b6c7d8e", String(valid.dropLast()),
            valid + "0", "5b6c7d8e-9f0a4-b1c-8d2e-3f4a5b6c7d8e", "-5b6c7d8e9f0a-4b1c-8d2e-3f4a5b6c7d8",
            "5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8g", "{5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8}",
            "5b6c7d8e_9f0a_4b1c_8d2e_3f4a5b6c7d8e", "5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d\u{E9}",
        ])
    func wholeValues(text: String) throws {
        let schema = try CompiledSchema(schema: ["format": "uuid"])
        let (tree, bytes) = try Self.verdicts(schema, text)
        #expect(tree == Self.expected(text))
        #expect(bytes == tree)
    }
}
