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

    @Test(
        "patterns that are a run of single characters from the start: expected verdicts",
        arguments: [
            ("^[A-Z]{3}-[0-9]{6}$", "ABC-123456", true), ("^[A-Z]{3}-[0-9]{6}$", "ABC-12345", false),
            ("^[A-Z]{3}-[0-9]{6}$", "ABC-1234567", false), ("^[A-Z]{3}-[0-9]{6}$", "AB-123456", false),
            ("^[A-Z]{3}-[0-9]{6}$", "ABC-12345\u{E9}", false), ("^[a-z0-9_]+$", "order_42", true),
            ("^[a-z0-9_]+$", "", false), ("^[a-z0-9_]+$", "Order", false), ("^[a-z]+", "abc!!", true),
            ("^[a-z]+", "!abc", false), ("^\\d{4}-\\d{2}$", "2026-11", true), ("^\\d{4}-\\d{2}$", "2026-1", false),
            ("^[a-z]*[0-9]?$", "abc1", true), ("^[a-z]*[0-9]?$", "1", true), ("^[a-z]*[0-9]?$", "a12", false),
            // Each half of ASCII and its edges (`?` 63, `@` 64, `~` 126, DEL 127), and bytes past ASCII whose
            // low six bits name characters of the class (`é` is C3 A9: `C` and `)` once the high bits go).
            ("^[?@~]+$", "?@~@?", true), ("^[?@~]+$", "?@\u{7F}", false), ("^[ -~]+$", "Ca)", true),
            ("^[ -~]+$", "Ca\u{E9}", false), ("^[ -~]+", "\u{E9}", false), ("^[\u{0}-~]+$", "a\u{7F}", false),
            // Not one pass (overlapping atoms): the machine must still find the match.
            ("^a*a$", "aaa", true), ("^[a-z]+[a-c]$", "xyzb", true), ("^\\w+_x$", "ab_x", true),
            ("^[a-z]{2,}(x)$", "abx", true), ("^\\s+$", "\u{A0}", true), ("^\\D$", "\u{E9}", true),
        ])
    func atomRuns(pattern: String, input: String, matches: Bool) throws {
        let schema = try CompiledSchema(schema: ["pattern": .string(pattern)])
        #expect(schema.isValid(.string(input)) == matches)
    }

    /// Each pattern once as it is (one pass when it has the shape) and once inside a group, which the
    /// one-pass matcher does not take: the backtracking machine is the reference.
    @Test("patterns that are a run of single characters agree with the backtracking machine")
    func atomRunsAgreeWithMachine() throws {
        let bodies = [
            "[A-Z]{3}-[0-9]{6}", "[a-z0-9_]+", "[a-z]+[0-9]*", "[a-z]*-?[0-9]{1,3}", "a{2,3}b?c*", "[a-c]+[a-c]",
            "\\d+\\.\\d{2}", "[A-Za-z]+ [A-Za-z]+", "x?y?z?", "[a-z]*[0-9]?",
        ]
        let alphabet: [Character] = ["a", "b", "c", "x", "y", "z", "A", "Z", "0", "5", "9", "-", ".", "_", " ", "\u{E9}"]
        // A fixed linear congruential sequence, so a failing input can be reproduced.
        var state: UInt64 = 7
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        var compared = 0
        for body in bodies {
            for (start, end) in [("^", "$"), ("^", "")] {
                let plain = try CompiledSchema(schema: ["pattern": .string(start + body + end)])
                let grouped = try CompiledSchema(schema: ["pattern": .string(start + "(?:" + body + ")" + end)])
                for _ in 0..<300 {
                    let length = next() % 12
                    let input = String((0..<length).map { _ in alphabet[next() % alphabet.count] })
                    #expect(
                        plain.isValid(.string(input)) == grouped.isValid(.string(input)),
                        "\(start + body + end) on \(input.debugDescription)")
                    compared += 1
                }
            }
        }
        #expect(compared == 6_000)
    }
}
