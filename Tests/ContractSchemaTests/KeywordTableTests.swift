import ContractSchema
import Testing

/// `KeywordTable` (and the `PropertyTable` under it, which the validator uses for property names) keeps
/// each name as its length and first sixteen bytes in a hashed table, and compares the rest of longer
/// names byte by byte: names that differ anywhere, at any length, must still be told apart.
@Suite("Keyword table")
struct KeywordTableTests {
    /// Names of every length up to 40, in families that share their first sixteen bytes, their last
    /// bytes, or everything but one byte in the middle.
    static let names: [String] = {
        var names: [String] = []
        for length in 1...40 {
            let base = String(repeating: "a", count: length)
            names.append(base)
            for position in Set([0, length / 2, length - 1]) {
                var bytes = Array(base.utf8)
                bytes[position] = UInt8(ascii: "b")
                names.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        return names + ["type", "enum", "$ref", "properties", "additionalProperties", "unevaluatedProperties"]
    }()

    @Test("every name is found at its position; every near miss is not found")
    func namesAndNearMisses() {
        let table = KeywordTable(Self.names)
        for (position, name) in Self.names.enumerated() {
            #expect(table[name] == position, "\(name)")
        }
        let known = Set(Self.names)
        let misses = Self.names.flatMap { name in
            [name + "a", String(name.dropLast()), "c" + name.dropFirst(), name.uppercased()]
        }.filter { !known.contains($0) }
        #expect(misses.count > 100)
        for miss in misses {
            #expect(table[miss] == nil, "\(miss)")
        }
        #expect(table[""] == nil)
    }

    @Test("a name given twice answers with its last position")
    func repeatedName() {
        let table = KeywordTable(["type", "enum", "type", "const"])
        #expect(table["type"] == 2)
        #expect(table["enum"] == 1)
        #expect(table["const"] == 3)
    }

    @Test("keys are compared by bytes: canonically equivalent spellings of another name are not it")
    func bytesNotEquivalence() {
        let table = KeywordTable(["cafe", "items"])
        #expect(table["cafe\u{301}"] == nil)
        #expect(table["caf\u{E9}"] == nil)
        #expect(table["items"] == 1)
    }

    @Test("an empty table finds nothing")
    func empty() {
        #expect(KeywordTable([])["type"] == nil)
    }
}
