import ContractJSON
import ContractSchema
import Testing

/// Checks that read a string's bytes directly (`email` and `idn-email` for plain ASCII addresses,
/// `enum` lookups by bytes) must give the verdicts of the general checks they stand in front of.
@Suite("Byte fast paths")
struct ByteFastPathTests {
    private static func verdict(_ format: String, _ value: String) throws -> Bool {
        try CompiledSchema(schema: ["format": .string(format)]).isValid(.string(value))
    }

    @Test(
        "email addresses: plain ones on the fast path, the rest through the full check",
        arguments: [
            ("dana.reyes@example.com", true), ("a@b", true), ("x!#$%&'*+-/=?^_`{|}~y@example.com", true),
            (".a@example.com", false), ("a.@example.com", false), ("a..b@example.com", false),
            ("@example.com", false), ("a@", false), ("a", false), ("a b@example.com", false),
            ("a@example..com", false), ("a@-example.com", false), ("a@example-.com", false),
            ("a@b@example.com", false), ("\"a b\"@example.com", true), ("\"a\"b\"@example.com", false),
            ("a@[127.0.0.1]", true), ("a@[IPv6:::1]", true), ("a@[300.0.0.1]", false),
            ("a@xn--bcher-kva.ch", true), ("a@ab--cd.com", false), ("\u{E9}@example.com", false),
            ("a@\u{E9}xample.com", false), ("a@" + String(repeating: "x", count: 64) + ".com", false),
        ])
    func email(address: String, valid: Bool) throws {
        #expect(try Self.verdict("email", address) == valid)
    }

    @Test("idn-email accepts what email accepts, and non-ASCII local parts and hosts")
    func idnEmail() throws {
        #expect(try Self.verdict("idn-email", "dana.reyes@example.com"))
        #expect(try Self.verdict("idn-email", "\u{E9}@example.com"))
        #expect(try Self.verdict("idn-email", "a@\u{E9}xample.com"))
        #expect(try !Self.verdict("idn-email", "a..b@example.com"))
    }

    @Test("string enums match by bytes, of every length, and other values by JSON equality")
    func enums() throws {
        let strings = ["", "a", "ab", "file", "folder", "web_link", "abcdefgh", "abcdefghi", "abcdefghZ", "caf\u{E9}"]
        let long = String(repeating: "x", count: 60)
        let schema = try CompiledSchema(schema: ["enum": .array((strings + [long]).map(JSONValue.string) + [1, nil])])
        for string in strings + [long] { #expect(schema.isValid(.string(string))) }
        for string in ["b", "abc", "abcdefgZ", "abcdefghj", "cafe\u{301}", long + "x", String(long.dropLast())] {
            #expect(!schema.isValid(.string(string)))
        }
        #expect(schema.isValid(1))
        #expect(schema.isValid(.number(JSONNumber(text: "1.0"))))
        #expect(schema.isValid(nil))
        #expect(!schema.isValid(2))
        #expect(!schema.isValid(true))
    }

    @Test("names of every length up to 12 are told from names that differ in any one byte")
    func namesDifferingInOneByte() throws {
        let names = (1...12).map { length in String(decoding: (0..<length).map { UInt8(ascii: "a") + UInt8($0) }, as: UTF8.self) }
        let schema = try CompiledSchema(schema: ["enum": .array(names.map(JSONValue.string))])
        for name in names {
            #expect(schema.isValid(.string(name)))
            for position in 0..<name.utf8.count {
                var bytes = Array(name.utf8)
                bytes[position] = UInt8(ascii: "Z")
                #expect(!schema.isValid(.string(String(decoding: bytes, as: UTF8.self))))
            }
        }
    }
}
