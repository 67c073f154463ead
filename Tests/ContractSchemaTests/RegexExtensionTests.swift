import ContractJSON
import Testing

@testable import ContractSchema

/// Patterns real contracts write beyond what the machine expanded before: case modifiers from Java-made
/// descriptions, and length limits as counted repetitions of one character.
@Suite("regex: case modifiers and long counted repetitions")
struct RegexExtensionTests {
    func matches(_ pattern: String, _ text: String) throws -> Bool {
        try ECMARegex(pattern).firstMatch(in: text, budget: 10_000_000) == .matched
    }

    @Test("(?i) ignores case for the rest of its group; (?i:…) inside the group; (?-i) turns it off")
    func caseModifiers() throws {
        // Adyen's pattern for a dispute's defense document.
        let document = #"([^\s]+(\.(?i)(jpeg|tiff|pdf))$)"#
        #expect(try matches(document, "letter.PDF"))
        #expect(try matches(document, "scan.Jpeg"))
        #expect(try !matches(document, "scan.png"))
        #expect(try !matches(document, ".pdf"))
        // Only after the modifier, and only to the end of its group.
        #expect(try matches("^a(?i)b$", "aB"))
        #expect(try !matches("^a(?i)b$", "AB"))
        #expect(try !matches("^(?:(?i)a)b$", "aB"))
        #expect(try matches("^(?i:[a-c]x)y$", "BXy"))
        #expect(try !matches("^(?i:[a-c]x)y$", "BXY"))
        #expect(try matches("^(?i)a(?-i)b$", "Ab"))
        #expect(try !matches("^(?i)a(?-i)b$", "AB"))
        // Negated classes exclude both cases; letters outside ASCII too.
        #expect(try !matches("^(?i)[^a]$", "A"))
        #expect(try matches("^(?i)é$", "É"))
        // `format: regex` asks for ECMA-262's own syntax, which has no inline flags.
        #expect(throws: RegexSyntaxError.self) { try ECMARegex("(?i)a", strict: true) }
        let format = try CompiledSchema(schema: ["format": "regex"])
        #expect(!format.isValid("(?i)a"))
        // Other inline flags are still refused, with a message that says what is supported.
        #expect(throws: RegexSyntaxError.self) { try ECMARegex("(?m)^a$") }
        #expect(throws: RegexSyntaxError.self) { try ECMARegex("(?ix)a") }
    }

    @Test("an escaped underscore is an underscore in pattern, and an invalid escape in format: regex")
    func escapedUnderscore() throws {
        // SendGrid's pattern for a name.
        let name = #"^[a-zA-Z0-9\-\_]"#
        #expect(try matches(name, "_x"))
        #expect(try matches(name, "-x"))
        #expect(try !matches(name, ".x"))
        #expect(try matches(#"^a\_b$"#, "a_b"))
        #expect(throws: RegexSyntaxError.self) { try ECMARegex(name, strict: true) }
        // Letters and digits stay invalid escapes: `\a` and `\8` mean different things in other dialects.
        #expect(throws: RegexSyntaxError.self) { try ECMARegex(#"\a"#) }
        #expect(throws: RegexSyntaxError.self) { try ECMARegex(#"[\8]"#) }
    }

    @Test("a counted repetition of one character beyond a thousand compiles, and counts exactly")
    func longCountedRepetitions() throws {
        // Adyen's limit on a terminal message's free text.
        let limit = try ECMARegex("^.{0,262144}$")
        #expect(limit.firstMatch(in: String(repeating: "x", count: 262_144), budget: 10_000_000) == .matched)
        #expect(limit.firstMatch(in: String(repeating: "x", count: 262_145), budget: 10_000_000) == .notMatched)
        #expect(limit.firstMatch(in: "a\nb", budget: 10_000_000) == .notMatched)
        #expect(try matches("^[0-9]{2000,3000}$", String(repeating: "7", count: 2500)))
        #expect(try !matches("^[0-9]{2000,3000}$", String(repeating: "7", count: 1999)))
        #expect(try matches("^é{1500}$", String(repeating: "é", count: 1500)))
        // Backtracking gives characters back, one at a time, down to the minimum.
        #expect(try matches("^a{0,5000}ab$", String(repeating: "a", count: 4000) + "b"))
        #expect(try matches("^x{1001,}x{3}$", String(repeating: "x", count: 1004)))
        #expect(try !matches("^x{1001,}x{3}$", String(repeating: "x", count: 1003)))
        #expect(try matches("(?:y.{2000})z", "q" + "y" + String(repeating: "-", count: 2000) + "z"))
    }

    @Test("a schema with such patterns validates as its contract means")
    func inASchema() throws {
        let schema = try CompiledSchema(
            schema: ["type": "string", "pattern": #"^.{0,262144}$"#], dialect: .draft2020_12)
        #expect(schema.isValid(.string(String(repeating: "z", count: 300))))
        #expect(!schema.isValid(.string(String(repeating: "z", count: 262_145))))
    }
}
