@testable import ContractSchema
import Testing

/// URI references split into their RFC 3986 parts and resolved as section 5 says, for `$id` and `$ref`.
@Suite struct URIReferenceTests {
    @Test func splitsEveryPart() {
        let full = URIReference("https://user@example.com:8443/a/b.json?x=1&y#/definitions/Pet")
        #expect(full.scheme == "https")
        #expect(full.authority == "user@example.com:8443")
        #expect(full.path == "/a/b.json")
        #expect(full.query == "x=1&y")
        #expect(full.fragment == "/definitions/Pet")
        #expect(full.description == "https://user@example.com:8443/a/b.json?x=1&y#/definitions/Pet")

        let urn = URIReference("urn:contractcheck:synthesized:12")
        #expect(urn.scheme == "urn" && urn.authority == nil && urn.path == "contractcheck:synthesized:12")
        let file = URIReference("file:///work/contracts/api.yaml#")
        #expect(file.scheme == "file" && file.authority == "" && file.path == "/work/contracts/api.yaml")
        #expect(file.fragment == "")
        // A `?` or `:` inside the fragment, a `#` inside nothing else.
        let fragment = URIReference("#/paths/~1a?b:c")
        #expect(fragment.scheme == nil && fragment.path == "" && fragment.query == nil)
        #expect(fragment.fragment == "/paths/~1a?b:c")
    }

    @Test func aColonAfterAnythingButASchemeIsPartOfThePath() {
        let relative = URIReference("schemas/pet.yaml")
        #expect(relative.scheme == nil && relative.path == "schemas/pet.yaml")
        // A scheme starts with a letter and holds letters, digits, +, - and . only.
        #expect(URIReference("1a:b").scheme == nil)
        #expect(URIReference("a_b:c").scheme == nil)
        #expect(URIReference("./x:y").path == "./x:y")
        #expect(URIReference("svn+ssh.v-2:x").scheme == "svn+ssh.v-2")
        #expect(URIReference("").path == "" && URIReference("").scheme == nil)
        #expect(URIReference("é:x").scheme == nil)
        #expect(URIReference("//host").authority == "host" && URIReference("//host").path == "")
    }

    /// RFC 3986 section 5.4's examples.
    @Test func resolvesAsTheRFCsExamples() {
        let base = URIReference("http://a/b/c/d;p?q")
        let expected: [(String, String)] = [
            ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"),
            ("/g", "http://a/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"),
            ("#s", "http://a/b/c/d;p?q#s"), ("g#s", "http://a/b/c/g#s"), ("", "http://a/b/c/d;p?q"),
            ("..", "http://a/b/"), ("../g", "http://a/b/g"), ("../../g", "http://a/g"),
            ("../../../g", "http://a/g"), ("g;x=1/../y", "http://a/b/c/y"),
        ]
        for (reference, resolved) in expected {
            #expect(base.resolving(reference).description == resolved, "\(reference)")
        }
    }
}
