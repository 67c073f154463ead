import ContractJSON
import Testing

@Suite("JSON pointers")
struct JSONPointerTests {
    @Test("pointer text reads its tokens and spells them back the same way")
    func roundTrips() throws {
        let cases: [(text: String, tokens: [String])] = [
            ("", []),
            ("/", [""]),
            ("/components/schemas/Pet", ["components", "schemas", "Pet"]),
            ("/a~0b~1c/~01", ["a~b/c", "~1"]),
            ("/paths/~1pets~1{id}/get", ["paths", "/pets/{id}", "get"]),
            ("/a//b/", ["a", "", "b", ""]),
            ("/café/ü", ["café", "ü"]),
        ]
        for (text, tokens) in cases {
            let pointer = try #require(JSONPointer(text), "\(text)")
            #expect(pointer.tokens == tokens, "\(text)")
            #expect(pointer.description == text)
            #expect(pointer == JSONPointer(tokens: tokens))
        }
    }

    @Test("a tilde must be followed by 0 or 1, and pointer text starts with a slash")
    func malformed() {
        for text in ["/a~", "/a~2", "/~x/b", "a/b", "#/a"] {
            #expect(JSONPointer(text) == nil, "\(text)")
        }
        // RFC 6901 reads escapes byte by byte: `~0` followed by a combining mark is `~` and the mark.
        #expect(JSONPointer("/~0\u{301}")?.tokens == ["~\u{301}"])
        #expect(
            JSONPointer(tokens: ["~\u{301}", "a/b", String(repeating: "long/", count: 9)]).description
                == "/~0\u{301}/a~1b/" + String(repeating: "long~1", count: 9))
    }

    @Test("a fragment is percent-decoded before it is read as a pointer")
    func fragments() throws {
        let plain = try #require(JSONPointer(fragment: "#/components/schemas/a~1b"))
        let encoded = try #require(JSONPointer(fragment: "#/components/schemas/a%7E1b"))
        let slashEncoded = try #require(JSONPointer(fragment: "#%2Fcomponents%2Fschemas%2Fa~1b"))
        #expect(plain.tokens == ["components", "schemas", "a/b"])
        #expect(encoded == plain)
        #expect(slashEncoded == plain)
        #expect(JSONPointer(fragment: "/x%20y")?.tokens == ["x y"])
        #expect(JSONPointer(fragment: "#/x%zz") == nil)
        #expect(JSONPointer(fragment: "#")?.count == 0)
    }
}
