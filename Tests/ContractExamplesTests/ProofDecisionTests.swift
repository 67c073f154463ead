import ContractJSON
import ContractSchema
import Testing

@testable import ContractExamples

/// Which values skip the validator's proof: only those built from constructive schemas (see
/// `ConstructiveKeywords`); every keyword the generator satisfies by searching keeps it.
@Suite("Proof decision")
struct ProofDecisionTests {
    static let modes: [ExampleMode] = [.minimal, .full] + (0..<10).map { .random(seed: UInt64($0)) }

    /// Whether generating `schema` in any mode visited something that needs the proof; every value
    /// built without one is validated here too.
    func needsProof(_ schema: JSONValue, context: ValidationContext = .none) throws -> Bool {
        let source = StandaloneSchemaSource(schema: schema, dialect: .draft2020_12)
        let root = try #require(source.root)
        let validator = try #require(source.validator(for: root))
        let cache = SynthesisCache(source: source)
        var needed = false
        var generated = 0
        // Whatever the verdict, it must come from values actually generated.
        defer { #expect(generated > 0, "no mode generated a value") }
        for mode in Self.modes {
            var generator = ValueGenerator(cache: cache, mode: mode, context: context, rng: SplitMix64(seed: 7))
            let site = ValueGenerator.Site(hints: .empty, variant: 0, depth: 0, attempt: 0)
            guard let value = try? generator.generate([root], site: site) else { continue }
            generated += 1
            needed = needed || generator.needsProof
            if !generator.needsProof {
                #expect(validator.isValid(value, context: context), "\(mode): \(JSONWriter.string(from: value))")
            }
        }
        return needed
    }

    static let typical: JSONValue = [
        "type": "object", "required": ["id", "name"], "additionalProperties": false,
        "properties": [
            "id": ["type": "string", "format": "uuid", "readOnly": true],
            "name": ["type": "string", "minLength": 1, "maxLength": 120, "description": "Display name"],
            "count": ["type": "integer", "format": "int32", "minimum": 0],
            "price": ["type": "number", "multipleOf": 0.01],
            "status": ["type": "string", "enum": ["active", "inactive"]],
            "createdAt": ["type": "string", "format": "date-time"],
            "note": ["type": ["string", "null"]],
            "tags": ["type": "array", "items": ["$ref": "#/$defs/tag"], "maxItems": 3],
            "owner": ["allOf": [["$ref": "#/$defs/owner"]], "x-note": "merged"],
        ],
        "$defs": [
            "tag": ["type": "string", "maxLength": 12],
            "owner": ["type": "object", "properties": ["email": ["type": "string", "format": "email"]]],
        ],
    ]

    @Test("a typical response object is built without the proof")
    func typicalObject() throws {
        #expect(try !needsProof(Self.typical, context: .response))
        #expect(try !needsProof(Self.typical, context: .none))
        // In a request the required readOnly `id` is left out, which the validator excuses only when the
        // property's own schema says readOnly: the proof decides.
        #expect(try needsProof(Self.typical, context: .request))
    }

    @Test(
        "keywords built by search, or whose meaning the generator does not read, keep the proof",
        arguments: [
            ["type": "string", "pattern": "^[a-z]+$"],
            ["oneOf": [["type": "string"], ["type": "integer"]]],
            ["anyOf": [["type": "string"], ["type": "integer"]]],
            ["type": "integer", "not": ["const": 1]],
            ["type": "integer", "if": ["minimum": 5], "then": ["multipleOf": 2]],
            ["type": "array", "items": ["type": "integer"], "uniqueItems": true, "minItems": 2],
            ["type": "array", "contains": ["type": "integer"]],
            ["type": "array", "prefixItems": [["type": "integer"]]],
            ["type": "object", "propertyNames": ["maxLength": 3], "minProperties": 1],
            ["type": "object", "patternProperties": ["^x": ["type": "integer"]]],
            ["type": "object", "properties": ["a": ["type": "integer"]], "minProperties": 1],
            ["type": "object", "dependentRequired": ["a": ["b"]], "properties": ["a": true, "b": true]],
            ["type": "object", "unevaluatedProperties": false, "properties": ["a": ["type": "integer"]]],
            ["type": "object", "discriminator": ["propertyName": "kind"], "properties": ["kind": ["type": "string"]]],
            ["$id": "https://example.com/a", "type": "integer"],
            ["type": "integer", "exclusiveMinimum": true, "minimum": 1],
            ["type": "string", "minLength": 20_000],
            ["allOf": [["type": "string", "format": "uuid"], ["format": "email"]]],
            ["type": "string", "enum": ["a", "abcdef"], "minLength": 3],
            ["const": "a", "enum": ["b", "a"]],
            ["type": "integer", "const": 1.5],
            ["type": "number", "multipleOf": 1e-20],
            ["type": "integer", "minimum": 1e30],
            ["type": "string", "frobnicate": 1],
        ] as [JSONValue])
    func keepsProof(schema: JSONValue) throws {
        #expect(try needsProof(schema))
    }

    @Test("a pattern anywhere in the value keeps the proof for the whole value")
    func nestedPattern() throws {
        let schema: JSONValue = [
            "type": "object", "required": ["code"],
            "properties": ["code": ["type": "string", "pattern": "^[A-Z]{2}[0-9]{3}$"], "n": ["type": "integer"]],
        ]
        #expect(try needsProof(schema))
    }
}
