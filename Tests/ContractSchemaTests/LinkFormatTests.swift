import ContractJSON
import ContractSchema
import Testing

/// `uri`, `uri-reference`, `iri`, `ipv4` and `ipv6` read UTF-8 bytes; these are the RFC 3986, 3987 and 4291
/// cases a response's links and addresses hit, beside the JSON Schema Test Suite's format files.
@Suite struct LinkFormatTests {
    private static func verdict(_ format: String, _ text: String) throws -> Bool {
        try CompiledSchema(schema: ["format": .string(format)]).isValid(.string(text))
    }

    @Test(
        "uri accepts absolute links with user, port, IP literal, query and fragment",
        arguments: [
            "https://api.example.com/repos/octo/issues/17", "https://user:pw@example.com:8443/a?b=c&d=%20e#frag",
            "http://[2001:db8::1]:8080/", "http://[v7.future]/", "mailto:someone@example.com", "urn:isbn:0451450523",
            "https://example.com", "foo+bar.baz-1:", "https://example.com/a:b@c/?q=/?:@#/?:@",
        ])
    func absoluteLinks(_ text: String) throws {
        #expect(try Self.verdict("uri", text))
    }

    @Test(
        "uri refuses relative references, spaces, bad escapes, bad ports and broken literals",
        arguments: [
            "/relative/path", "avatars/17", "https://example.com/a b", "https://example.com/%zz", "https://example.com/%2",
            "https://example.com:80a/", "http://[2001:db8::1/", "http://[nothex]/", "http://[::1]x/", "1http://x",
            "https://exa<mple.com/", "https://example.com/#a#b", "https://example.com/é", ":no-scheme",
        ])
    func notAbsolute(_ text: String) throws {
        #expect(try !Self.verdict("uri", text))
    }

    @Test(
        "uri-reference takes relative forms but not a colon in the first segment",
        arguments: [
            ("../labels?page=2", true), ("#/components/schemas", true), ("", true), ("a/b:c", true),
            ("//host/path", true), ("a:b/c", true), ("1a:b", false), ("/a b", false), ("?q=%4", false),
        ])
    func references(_ text: String, _ expected: Bool) throws {
        #expect(try Self.verdict("uri-reference", text) == expected)
    }

    @Test("iri takes non-ASCII letters where uri does not, but no non-ASCII space")
    func international() throws {
        #expect(try Self.verdict("iri", "https://例え.jp/パス?q=値#フラグ"))
        #expect(try !Self.verdict("uri", "https://例え.jp/パス"))
        #expect(try !Self.verdict("iri", "https://example.com/a\u{3000}b"))
        #expect(try !Self.verdict("iri", "/relative/パス"))
        #expect(try Self.verdict("iri-reference", "/relative/パス"))
    }

    @Test(
        "ipv4 and ipv6 read their text forms",
        arguments: [
            ("ipv4", "192.168.0.1", true), ("ipv4", "256.1.1.1", false), ("ipv4", "01.1.1.1", false),
            ("ipv4", "1.1.1", false), ("ipv4", "1.1.1.1.", false), ("ipv6", "2001:db8::8a2e:370:7334", true),
            ("ipv6", "::", true), ("ipv6", "::ffff:192.0.2.128", true), ("ipv6", "1:2:3:4:5:6:1.2.3.4", true),
            ("ipv6", "1:2:3:4:5:6:7:8", true), ("ipv6", "1:2:3:4:5:6:7:8:9", false), ("ipv6", "1::2::3", false),
            ("ipv6", ":::", false), ("ipv6", "1:2:3:4:5:6::1.2.3.4", false), ("ipv6", "12345::", false),
            ("ipv6", "1.2.3.4", false), ("ipv6", "::1.2.3.4:1", false), ("ipv6", "fe80::1%eth0", false),
        ])
    func addresses(_ format: String, _ text: String, _ expected: Bool) throws {
        #expect(try Self.verdict(format, text) == expected)
    }
}
