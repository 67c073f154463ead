@testable import ContractJSON
import Testing

/// `JSONParser.parse(_:refusingRepeatedKeys:)` refuses a key written twice in one object, whatever way the
/// parser holds the object's keys: small objects (pair by pair, by hash when hashed), large ones (through the
/// index), documents below and above the size that hashes keys, non-ASCII keys.
@Suite("JSON parser: repeated keys")
struct JSONParserRepeatedKeyTests {
    /// `object` padded with a long string member first, so the document is large enough for the string cache
    /// (and so for hashed keys) when `large` is set.
    private static func document(_ members: [String], large: Bool) -> String {
        let padding = large ? #""padding": "\#(String(repeating: "x", count: 2_000))", "# : ""
        return "{\n" + padding + members.joined(separator: ",\n") + "\n}"
    }

    private static func failure(_ text: String) -> JSONParseError? {
        do {
            _ = try JSONParser.parse(Array(text.utf8), refusingRepeatedKeys: true)
            return nil
        } catch {
            return error
        }
    }

    @Test("a small object's repeated key names both lines", arguments: [false, true])
    func smallObject(large: Bool) throws {
        let text = Self.document([#""a": 1"#, #""b": {"c": 1}"#, #""a": 2"#], large: large)
        let error = try #require(Self.failure(text))
        #expect(error.isRepeatedKey)
        #expect(
            error.message
                == "duplicate key 'a' in an object: first at line 2, again at line 4; keys must be unique, remove or rename one")
        #expect(error.position.line == 4)
        // The same text is valid JSON, read as before without the option.
        #expect(try JSONParser.parse(Array(text.utf8))["a"] == 2)
    }

    @Test("a large object's repeated key is found through its index", arguments: [false, true])
    func largeObject(large: Bool) throws {
        let members = (0..<20).map { #""k\#($0)": \#($0)"# } + [#""k7": 0"#]
        let error = try #require(Self.failure(Self.document(members, large: large)))
        #expect(error.isRepeatedKey)
        #expect(error.message.hasPrefix("duplicate key 'k7' in an object: first at line 9, again at line 22;"))
    }

    @Test("non-ASCII keys compare as strings", arguments: [false, true])
    func nonASCIIKeys(large: Bool) throws {
        let small = Self.document([#""é": 1"#, #""e\u0301": 2"#], large: large)
        #expect(Self.failure(small)?.message.hasPrefix("duplicate key 'é'") == true)
        let wide = Self.document((0..<14).map { #""ü\#($0)": 1"# } + [#""ü3": 2"#], large: large)
        #expect(Self.failure(wide)?.message.hasPrefix("duplicate key 'ü3'") == true)
    }

    @Test("objects without a repeated key parse as before", arguments: [false, true])
    func distinctKeys(large: Bool) throws {
        let members = (0..<30).map { #""k\#($0)": {"a": 1, "b": [\#($0)], "A": null}"# }
        let text = Self.document(members, large: large)
        let refusing = try JSONParser.parse(Array(text.utf8), refusingRepeatedKeys: true)
        #expect(refusing == (try JSONParser.parse(Array(text.utf8))))
        #expect(Self.failure(#"{"a": 1, "A": 2, "b": {"a": 3}}"#) == nil)
    }
}
