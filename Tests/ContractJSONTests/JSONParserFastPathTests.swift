import ContractJSON
import Testing

/// The parser's fast paths (strings scanned eight bytes at a time, ASCII strings built directly,
/// scratch stacks that start on the stack) must read every input as the plain byte loop did.
@Suite("JSON parser fast paths")
struct JSONParserFastPathTests {
    /// `["<prefix><special><suffix>"]` with ASCII filler, so the special bytes fall at every offset
    /// of an eight-byte word and after it.
    private static func document(length: Int, at position: Int, special: [UInt8]) -> [UInt8] {
        let filler = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
        return Array("[\"".utf8) + filler[..<position] + special + filler[position...] + Array("\"]".utf8)
    }

    private static func text(length: Int, at position: Int, special: String) -> String {
        let filler = String(decoding: (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }, as: UTF8.self)
        let cut = filler.index(filler.startIndex, offsetBy: position)
        return String(filler[..<cut]) + special + String(filler[cut...])
    }

    @Test("plain, escaped and non-ASCII strings decode alike at every length and offset")
    func stringsAtEveryOffset() throws {
        for length in 0...40 {
            for position in 0...length {
                for (bytes, decoded) in [
                    (Array(#"\n"#.utf8), "\n"), (Array(#"\""#.utf8), "\""), (Array(#"\u00e9"#.utf8), "é"),
                    (Array("é".utf8), "é"), (Array("😀".utf8), "😀"), ([], ""),
                ] {
                    let value = try JSONParser.parse(Self.document(length: length, at: position, special: bytes))
                    #expect(value[0]?.stringValue == Self.text(length: length, at: position, special: decoded))
                }
            }
        }
    }

    @Test("control characters and invalid UTF-8 are refused where they stand at every offset")
    func refusalsAtEveryOffset() {
        for length in 0...24 {
            for position in 0...length {
                // The control character is reported at its own column (after `["` and the prefix).
                #expect(
                    throws: JSONParseError(
                        message: "control character 0x1 in a string must be escaped",
                        position: SourcePosition(line: 1, column: position + 3))
                ) {
                    try JSONParser.parse(Self.document(length: length, at: position, special: [0x01]))
                }
                // Invalid UTF-8 is reported at the closing quote.
                #expect(
                    throws: JSONParseError(
                        message: "the string is not valid UTF-8",
                        position: SourcePosition(line: 1, column: length + 4))
                ) {
                    try JSONParser.parse(Self.document(length: length, at: position, special: [0xFF]))
                }
            }
        }
    }

    @Test("containers larger and deeper than the scratch space keep every member in order")
    func largeContainers() throws {
        let count = 300
        let members = (0..<count).map { index in
            "\"key\(index)\": [" + (0..<index % 70).map(String.init).joined(separator: ",") + "]"
        }
        let text = "{" + members.joined(separator: ",\n") + "}"
        let value = try JSONParser.parse(text)
        let object = try #require(value.objectValue)
        #expect(object.count == count)
        for index in 0..<count {
            let elements = try #require(object["key\(index)"]?.arrayValue)
            #expect(elements.map { $0.numberValue?.text } == (0..<index % 70).map(String.init))
            #expect(object.position(of: "key\(index)") == SourcePosition(line: index + 1, column: index == 0 ? 2 : 1))
        }
        let nested = String(repeating: "[{\"a\":", count: 200) + "1" + String(repeating: "}]", count: 200)
        var inner = try JSONParser.parse(nested)
        for _ in 0..<200 { inner = try #require(inner[0]?["a"]) }
        #expect(inner.numberValue?.text == "1")
    }

    @Test("literals and numbers at the end of the input")
    func valuesAtTheEnd() throws {
        #expect(try JSONParser.parse("true") == .bool(true))
        #expect(try JSONParser.parse("null") == .null)
        #expect(try JSONParser.parse("-0.5e+3").numberValue?.text == "-0.5e+3")
        #expect(throws: JSONParseError.self) { try JSONParser.parse("tru") }
        #expect(throws: JSONParseError.self) { try JSONParser.parse("nulL") }
    }
}
