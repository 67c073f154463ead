import ContractExamples
import ContractJSON
import ContractSchema
import Testing

/// Schemas whose choices nest deeply, or apply one base twice at every level, are generated for in time
/// linear in the nesting, and a chain too long to generate for is refused with a message, never a crash.
/// (Twelve levels of `if: L` with `then: L` once overflowed the stack; `allOf: [L, L]` took time doubling
/// with every level.)
@Suite("Nested choices")
struct NestedChoiceTests {
    /// `$defs` L0 ... L`levels`, each level made from the one below by `level`, and the schema referring to
    /// the top.
    static func chain(_ levels: Int, base: JSONValue = ["type": "string", "minLength": 2], level: (JSONValue) -> JSONValue)
        -> JSONValue
    {
        var definitions = JSONObject()
        definitions["L0"] = base
        for index in 1...levels {
            definitions["L\(index)"] = level(.string("#/$defs/L\(index - 1)").asReference)
        }
        return ["$defs": .object(definitions), "$ref": .string("#/$defs/L\(levels)")]
    }

    static func valid(_ value: JSONValue, _ schema: JSONValue) throws -> Bool {
        try CompiledSchema(schema: schema, baseURI: "urn:contractcheck:example-schema").validate(value).isEmpty
    }

    // Depths stay moderate: validating such a schema is itself exponential (each level evaluates the one
    // below twice, as JSON Schema defines `if` with `then`, and `allOf`), in any validator that does not memoize.
    @Test("if and then naming the same schema at every level: merged once, a valid value", arguments: [8, 12])
    func conditionalsOnOneBase(levels: Int) throws {
        let schema = Self.chain(levels) { below in ["if": below, "then": below, "else": ["type": "integer"]] }
        let value = try ExampleSynthesizer.value(forJSONSchema: schema, mode: .full)
        #expect(try Self.valid(value, schema))
    }

    @Test("allOf naming the same schema twice at every level: a valid value", arguments: [12, 14])
    func allOfTwice(levels: Int) throws {
        let schema = Self.chain(levels) { below in ["allOf": [below, below]] }
        let value = try ExampleSynthesizer.value(forJSONSchema: schema, mode: .full)
        #expect(value.stringValue.map { $0.count >= 2 } == true)
        #expect(try Self.valid(value, schema))
    }

    @Test("oneOf and anyOf over one base at every level: a valid value")
    func choicesOnOneBase() throws {
        // 2^16 - 3 visits of one value in place: under the compiler's limit.
        let schema = Self.chain(14) { below in ["anyOf": [below, ["oneOf": [below, ["type": "null"]]]]] }
        let value = try ExampleSynthesizer.value(forJSONSchema: schema, mode: .full)
        #expect(try Self.valid(value, schema))
    }

    @Test("a nesting whose validation would take exponential time is refused with the place to fix")
    func exponentialNestingIsRefused() throws {
        // Thirty levels: 2^32 visits of an invalid value. The compiler refuses the schema, so neither
        // the generator nor the validator starts on it.
        let schema = Self.chain(30) { below in ["anyOf": [below, ["oneOf": [below, ["type": "null"]]]]] }
        #expect {
            _ = try ExampleSynthesizer.value(forJSONSchema: schema, mode: .full)
        } throws: { error in
            "\(error)".contains("takes exponential time")
        }
        let errors = #expect(throws: SchemaCompileErrors.self) { try Self.valid(.string("ab"), schema) }
        // L15 is the lowest level past 100,000 visits (2^17 - 3).
        #expect(errors?.errors.map(\.schemaLocation.fragment) == ["#/$defs/L15"])
    }

    @Test("a chain of conditionals deeper than the generator nests ends in a value or a reason, not a crash")
    func tooDeep() throws {
        // Each `if` holds the level below, so generating recurses once per level without going deeper into the value.
        let schema = Self.chain(2_000) { below in ["if": below, "then": ["maxLength": 50]] }
        do {
            let value = try ExampleSynthesizer.value(forJSONSchema: schema, mode: .full)
            #expect(try Self.valid(value, schema))
        } catch let error as ExampleError {
            #expect(!error.message.isEmpty)
        }
    }

    @Test("a chain of conditionals within the limit is generated for")
    func deepWithinLimit() throws {
        let schema = Self.chain(100) { below in ["if": below, "then": ["maxLength": 50]] }
        let value = try ExampleSynthesizer.value(forJSONSchema: schema, mode: .full)
        #expect(try Self.valid(value, schema))
    }
}

extension JSONValue {
    /// `{"$ref": self}` for a string.
    fileprivate var asReference: JSONValue { ["$ref": self] }
}
