import ContractJSON
import Testing

@Suite("JSON parser")
struct JSONParserTests {
    @Test("keeps number text exactly")
    func numbersKeepText() throws {
        let value = try JSONParser.parse(#"{"a": 1.0, "b": 10000000000000000001, "c": 19.99}"#)
        #expect(value["a"]?.numberValue?.text == "1.0")
        #expect(value["b"]?.numberValue?.text == "10000000000000000001")
        #expect(value["a"]?.typeName == "integer")
        #expect(value["c"]?.typeName == "number")
    }

    @Test("records key positions")
    func keyPositions() throws {
        let value = try JSONParser.parse("{\n  \"openapi\": \"3.1.0\",\n  \"info\": {\"title\": \"x\"}\n}")
        let object = try #require(value.objectValue)
        #expect(object.position(of: "openapi") == SourcePosition(line: 2, column: 3))
        #expect(object.position(of: "info") == SourcePosition(line: 3, column: 3))
        #expect(JSONPointer("/info/title")?.position(in: value) == SourcePosition(line: 3, column: 12))
    }

    @Test("reports the line and column of a syntax error")
    func syntaxErrorPosition() {
        #expect(
            throws: JSONParseError(message: "expected ',' or '}' in an object, found '\"'", position: SourcePosition(line: 2, column: 3))
        ) {
            try JSONParser.parse("{\"a\": 1\n  \"b\": 2 }")
        }
    }

    @Test("refuses nesting beyond the limit without crashing")
    func deepNesting() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
    }

    @Test("decodes escapes and surrogate pairs")
    func escapes() throws {
        let value = try JSONParser.parse(#"["a\"b\\c\/\n\u00e9\ud83d\ude00\ud800x"]"#)
        #expect(value[0]?.stringValue == "a\"b\\c/\né😀\u{FFFD}x")
    }

    @Test("escapes between long plain runs, non-ASCII text and a lone surrogate before a run")
    func escapesBetweenRuns() throws {
        let text =
            #"["The quick brown fox\njumps over the \"lazy\" dog — twice,\tthen naps \ud800under the table: "#
            + #"caf\u00e9 → r\u00e9sum\u00e9 \ud83e\udd8a and a very long tail without any escapes at all\\"]"#
        let value = try JSONParser.parse(text)
        #expect(
            value[0]?.stringValue
                == "The quick brown fox\njumps over the \"lazy\" dog — twice,\tthen naps \u{FFFD}under the table: "
                + "café → résumé 🦊 and a very long tail without any escapes at all\\")
        // A control byte inside the run after an escape is still refused.
        #expect(throws: JSONParseError.self) { try JSONParser.parse("[\"ab\\ncd\u{01}ef\"]") }
    }

    @Test("objects compare regardless of member order; numbers by value")
    func equality() throws {
        #expect(try JSONParser.parse(#"{"a":1,"b":[1.0]}"#) == JSONParser.parse(#"{"b":[1],"a":1e0}"#))
        #expect(try JSONParser.parse("1") != JSONParser.parse("1.5"))
    }

    @Test("writes JSON that parses back to the same value")
    func roundTrip() throws {
        let text = #"{"z":[1,2.50,{"k":"v\n\"q\""}],"a":null,"t":true}"#
        let value = try JSONParser.parse(text)
        #expect(JSONWriter.string(from: value) == text)
        #expect(try JSONParser.parse(JSONWriter.string(from: value, style: .pretty)) == value)
    }
}

@Suite("Instance paths")
struct InstancePathTests {
    @Test("keys that are not identifiers are quoted as JSON strings, control characters escaped")
    func quoting() {
        let path = InstancePath.root.appending("items").appending(0).appending("content-type").appending("a\u{1D}\"b\u{85}")
        #expect(path.description == #"$.items[0]["content-type"]["a\u001d\"b\u0085"]"#)
    }
}
