import ContractExamples
import ContractJSON
import Testing

/// Schemas no value satisfies are reported as such, with the exact reason, and never loop.
@Suite("Unsatisfiable schemas")
struct UnsatisfiableTests {
    static let cases: [(schema: JSONValue, message: String)] = {
        var cases: [(schema: JSONValue, message: String)] = []
        cases.append((["type": "string", "minLength": 5, "maxLength": 2], "unsatisfiable schema: minLength 5 is greater than maxLength 2"))
        cases.append(
            (
                ["allOf": [["type": "string"], ["type": "integer"]]],
                "unsatisfiable schema: no type satisfies every type keyword: string and integer"
            ))
        cases.append(
            (["type": "integer", "minimum": 10, "maximum": 5], "unsatisfiable schema: no integer satisfies minimum 10 and maximum 5"))
        cases.append(
            (
                ["type": "integer", "minimum": 1, "maximum": 2, "multipleOf": 3],
                "unsatisfiable schema: no multiple of 3 satisfies minimum 1 and maximum 2"
            ))
        cases.append(
            (
                ["type": "number", "exclusiveMinimum": 1, "exclusiveMaximum": 1],
                "unsatisfiable schema: no number satisfies exclusiveMinimum 1 and exclusiveMaximum 1"
            ))
        cases.append((["type": "array", "minItems": 3, "maxItems": 1], "unsatisfiable schema: minItems 3 is greater than maxItems 1"))
        cases.append(
            (
                ["type": "object", "required": ["a", "b"], "maxProperties": 1],
                "unsatisfiable schema: required lists 2 properties but maxProperties is 1"
            ))
        cases.append(
            (
                ["type": "object", "required": ["a"], "additionalProperties": false],
                "unsatisfiable schema: required property \"a\" is not allowed by additionalProperties: false"
            ))
        cases.append((.bool(false), "unsatisfiable schema: the schema is false: no value satisfies it"))
        cases.append((["enum": []], "unsatisfiable schema: enum is empty: no value satisfies it"))
        cases.append(
            (["type": "string", "enum": [1, 2]], "unsatisfiable schema: no enum value is allowed by the other enum and type keywords"))
        cases.append(
            (
                ["oneOf": [["type": "string", "minLength": 3, "maxLength": 1], ["type": "integer", "minimum": 3, "maximum": 1]]],
                "unsatisfiable schema: no branch of oneOf can be satisfied (no integer satisfies minimum 3 and maximum 1)"
            ))
        return cases
    }()

    @Test("each contradiction is named", arguments: 0..<12)
    func contradiction(index: Int) throws {
        let (schema, message) = Self.cases[index]
        let error = try #require(throws: ExampleError.self) {
            try ExampleSynthesizer.value(forJSONSchema: schema, mode: .full)
        }
        #expect(error.kind == .unsatisfiable)
        #expect(error.message == message)
    }

    @Test("a required recursion is reported, not followed forever")
    func requiredRecursion() throws {
        let schema: JSONValue = [
            "$defs": ["loop": ["type": "object", "required": ["next"], "properties": ["next": ["$ref": "#/$defs/loop"]]]],
            "$ref": "#/$defs/loop",
        ]
        let error = try #require(throws: ExampleError.self) { try ExampleSynthesizer.value(forJSONSchema: schema) }
        #expect(error.message == "unsatisfiable schema: the schema requires values nested deeper than 40 levels (a required recursion)")
    }

    @Test("a search that finds nothing says so without claiming a proof")
    func searchExhausted() throws {
        // Satisfiable only by strings the sampler cannot guess: 64 characters matching both patterns.
        let schema: JSONValue = ["type": "string", "allOf": [["pattern": "^a+$"], ["pattern": "^b+$"]]]
        let error = try #require(throws: ExampleError.self) { try ExampleSynthesizer.value(forJSONSchema: schema) }
        #expect(error.kind == .unsatisfiable)
        #expect(error.message.hasPrefix("no value found for the schema: no string found that satisfies pattern"))
    }
}
