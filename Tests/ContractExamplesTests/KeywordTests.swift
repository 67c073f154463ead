import ContractExamples
import ContractJSON
import ContractSchema
import Testing

/// One family of keywords at a time: the generated value validates, and has the shape the keywords ask for.
@Suite("Keyword families")
struct KeywordTests {
    static let modes: [ExampleMode] = [.minimal, .full] + (0..<20).map { .random(seed: UInt64($0)) }

    /// Generates in every mode, checks each value with the validator, returns them.
    @discardableResult
    func values(_ schema: JSONValue, context: ValidationContext = .none) throws -> [JSONValue] {
        let validator = try CompiledSchema(schema: schema, baseURI: "urn:contractcheck:example-schema")
        return try Self.modes.map { mode in
            let value = try ExampleSynthesizer.value(forJSONSchema: schema, context: context, mode: mode)
            let errors = validator.validate(value, context: context)
            #expect(errors.isEmpty, "\(mode): \(JSONWriter.string(from: value)) \(errors)")
            return value
        }
    }

    @Test("types, type arrays and null")
    func types() throws {
        try values(["type": "integer"])
        try values(["type": ["string", "null"]])
        #expect(try ExampleSynthesizer.value(forJSONSchema: ["type": ["string", "null"]], mode: .minimal) == .null)
        #expect(try ExampleSynthesizer.value(forJSONSchema: ["type": ["string", "null"]], mode: .full).stringValue != nil)
        try values(["type": "null"])
        try values(["type": "boolean"])
    }

    @Test("enum and const")
    func enumAndConst() throws {
        let enumValues = try values(["enum": ["red", "green", 3]])
        #expect(enumValues.allSatisfy { ["red", "green", 3].contains($0) })
        #expect(try values(["const": ["a": 1]]).allSatisfy { $0 == ["a": 1] })
        try values(["allOf": [["enum": [1, 2, 3]], ["enum": [3, 4]]]])
    }

    @Test("numeric bounds, exclusive bounds and fractional multipleOf, exactly")
    func numbers() throws {
        try values(["type": "number", "exclusiveMinimum": 0, "maximum": 0.03, "multipleOf": 0.01])
        try values(["type": "integer", "minimum": 15, "maximum": 480, "multipleOf": 15])
        try values(["type": "number", "exclusiveMinimum": 1.1, "exclusiveMaximum": 1.2])
        try values(["type": "integer", "format": "int32"])
        try values(["type": "number", "multipleOf": 0.0001, "minimum": -5])
        let value = try ExampleSynthesizer.value(
            forJSONSchema: ["type": "number", "exclusiveMinimum": 0, "maximum": 0.02, "multipleOf": 0.01],
            mode: .minimal)
        #expect(value == .number(JSONNumber(text: "0.01")))
    }

    @Test("string lengths count code points")
    func lengths() throws {
        for value in try values(["type": "string", "minLength": 7, "maxLength": 9]) {
            #expect((7...9).contains(value.stringValue?.unicodeScalars.count ?? 0))
        }
        try values(["type": "string", "maxLength": 0])
    }

    @Test(
        "patterns: classes, quantifiers, groups, alternation, anchors, escapes",
        arguments: [
            "^[0-9]{15}$", "^\\+[1-9][0-9]{6,14}$", "^[a-f0-9]{64}$", "^(/[^/]*)*$", "^[A-Z]{3}$",
            "^(cat|dog|bird)s?$", "\\d{3}-\\d{4}", "^\\w+@\\w+\\.com$", "^[^\\s]{4,8}$", "^(ab)+\\1?$",
            "^\\u0041\\x42[\\-.]$", "colou?r",
        ])
    func patterns(pattern: String) throws {
        try values(["type": "string", "pattern": .string(pattern)])
    }

    @Test(
        "every format of the schema engine",
        arguments: [
            "date-time", "date", "time", "duration", "email", "idn-email", "hostname", "idn-hostname", "ipv4", "ipv6",
            "uri", "uri-reference", "iri", "iri-reference", "uri-template", "uuid", "json-pointer",
            "relative-json-pointer", "regex", "byte", "binary", "password",
        ])
    func formats(format: String) throws {
        try values(["type": "string", "format": .string(format)])
    }

    @Test("numeric formats", arguments: ["int32", "int64", "float", "double"])
    func numericFormats(format: String) throws {
        try values(["type": "number", "format": .string(format)])
    }

    @Test("arrays: minItems, maxItems, uniqueItems, contains, prefixItems")
    func arrays() throws {
        for value in try values(["type": "array", "minItems": 3, "uniqueItems": true, "items": ["enum": [1, 2, 3, 4]]]) {
            #expect((value.arrayValue?.count ?? 0) >= 3)
        }
        try values(["type": "array", "maxItems": 1, "items": ["type": "string"]])
        try values(["type": "array", "contains": ["const": 42], "minContains": 2, "items": ["type": "integer"]])
        try values(["type": "array", "prefixItems": [["type": "string"], ["type": "integer"]], "items": false])
        try values(["type": "array", "uniqueItems": true, "minItems": 2, "items": ["type": "boolean"]])
    }

    @Test("objects: required, properties, additional and pattern properties, names, counts, dependencies")
    func objects() throws {
        let schema: JSONValue = [
            "type": "object", "required": ["id"],
            "properties": ["id": ["type": "string", "format": "uuid"], "note": ["type": "string"]],
            "additionalProperties": false,
        ]
        let minimal = try ExampleSynthesizer.value(forJSONSchema: schema, mode: .minimal)
        #expect(minimal.objectValue?.keys == ["id"])
        #expect(try ExampleSynthesizer.value(forJSONSchema: schema, mode: .full).objectValue?.keys == ["id", "note"])
        try values(schema)
        try values(["type": "object", "patternProperties": ["^x-": ["type": "integer"]], "minProperties": 2])
        try values(["type": "object", "propertyNames": ["pattern": "^[a-z]{3}$"], "minProperties": 2])
        try values(["type": "object", "properties": ["a": true, "b": true, "c": true], "maxProperties": 1])
        try values([
            "type": "object", "properties": ["card": ["type": "string"], "billing": ["type": "string"]],
            "dependentRequired": ["card": ["billing"]],
        ])
    }

    @Test("allOf merged, oneOf exclusive, anyOf, not, if/then/else")
    func combinators() throws {
        try values(["allOf": [["type": "object", "required": ["a"]], ["properties": ["a": ["minimum": 5]]]]])
        try values(["oneOf": [["type": "integer"], ["type": "number", "minimum": 0]]])
        try values(["oneOf": [["multipleOf": 3], ["multipleOf": 5]], "type": "integer"])
        try values(["anyOf": [["type": "string", "minLength": 3], ["type": "null"]]])
        try values(["type": "string", "not": ["enum": ["alpha", "bravo", ""]]])
        try values(["not": ["type": ["string", "integer", "boolean"]]])
        try values([
            "type": "object", "properties": ["kind": ["enum": ["a", "b"]]], "required": ["kind"],
            "if": ["properties": ["kind": ["const": "a"]]], "then": ["required": ["alpha"]],
            "else": ["required": ["beta"]],
        ])
    }

    @Test("recursive schemas stop at a bounded depth")
    func recursion() throws {
        let tree: JSONValue = [
            "$defs": [
                "node": [
                    "type": "object", "required": ["name"],
                    "properties": ["name": ["type": "string"], "children": ["type": "array", "items": ["$ref": "#/$defs/node"]]],
                ]
            ],
            "$ref": "#/$defs/node",
        ]
        try values(tree)
        let list: JSONValue = [
            "$defs": ["item": ["type": "object", "properties": ["next": ["$ref": "#/$defs/item"]]]], "$ref": "#/$defs/item",
        ]
        try values(list)
    }

    @Test("readOnly left out of requests, writeOnly out of responses")
    func readOnlyWriteOnly() throws {
        let schema: JSONValue = [
            "type": "object", "required": ["id", "password", "name"],
            "properties": [
                "id": ["type": "string", "readOnly": true], "password": ["type": "string", "writeOnly": true],
                "name": ["type": "string"],
            ],
        ]
        let request = try values(schema, context: .request)
        #expect(request.allSatisfy { $0.objectValue?.keys == ["password", "name"] })
        let response = try values(schema, context: .response)
        #expect(response.allSatisfy { $0.objectValue?.keys == ["id", "name"] })
    }

    @Test("the same seed gives the same bytes; other seeds vary")
    func determinism() throws {
        let schema: JSONValue = [
            "type": "object",
            "properties": [
                "id": ["type": "string", "format": "uuid"], "score": ["type": "number"],
                "tags": ["type": "array", "items": ["type": "string"]], "email": ["type": "string", "format": "email"],
            ],
        ]
        let first = try ExampleSynthesizer.value(forJSONSchema: schema, mode: .random(seed: 42))
        let second = try ExampleSynthesizer.value(forJSONSchema: schema, mode: .random(seed: 42))
        #expect(JSONWriter.string(from: first) == JSONWriter.string(from: second))
        let others = try (0..<5).map { try ExampleSynthesizer.value(forJSONSchema: schema, mode: .random(seed: $0)) }
        #expect(Set(others.map { JSONWriter.string(from: $0) }).count > 1)
    }

    @Test("realistic values from property names and formats")
    func realistic() throws {
        let schema: JSONValue = [
            "type": "object",
            "properties": [
                "email": ["type": "string"], "createdAt": ["type": "string", "format": "date-time"],
                "petId": ["type": "string"], "fullName": ["type": "string", "maxLength": 8],
            ],
        ]
        let value = try ExampleSynthesizer.value(forJSONSchema: schema, mode: .full)
        #expect(value["email"]?.stringValue?.contains("@example.com") == true)
        #expect(value["createdAt"]?.stringValue?.hasPrefix("2025-") == true)
        #expect(value["petId"]?.stringValue?.hasPrefix("pet_") == true)
        #expect((value["fullName"]?.stringValue?.count ?? 99) <= 8)
    }
}
