import ContractJSON
import ContractSchema
import Testing

/// The validator finds property names by length and leading bytes; names that share both must
/// still be told apart, and names are compared by code points, not canonical equivalence.
@Suite("Property lookup")
struct PropertyLookupTests {
    private static let schema: JSONValue = [
        "type": "object",
        "properties": [
            "etag": ["type": "string"], "type": ["type": "integer"], "name": ["type": "boolean"],
            "created_at_one": ["type": "string"], "created_at_two": ["type": "integer"],
            "caf\u{E9}": ["type": "string"],
        ],
        "required": ["etag", "created_at_two"],
        "additionalProperties": false,
    ]

    @Test("names of equal length and equal first eight bytes are told apart")
    func collisions() throws {
        let compiled = try CompiledSchema(schema: Self.schema)
        #expect(compiled.isValid(["etag": "x", "type": 1, "name": true, "created_at_one": "a", "created_at_two": 2]))
        #expect(!compiled.isValid(["etag": "x", "created_at_two": "2"]))
        #expect(!compiled.isValid(["etag": "x", "created_at_one": 1, "created_at_two": 2]))
        #expect(!compiled.isValid(["etag": "x", "type": "t", "created_at_two": 2]))
        #expect(!compiled.isValid(["etag": "x", "created_at_thr": 2, "created_at_two": 2]))
        #expect(!compiled.isValid(["type": 1, "created_at_two": 2]))
    }

    @Test("a name spelled with a combining accent is another name")
    func codePoints() throws {
        let compiled = try CompiledSchema(schema: Self.schema)
        #expect(compiled.isValid(["etag": "x", "created_at_two": 2, "caf\u{E9}": "ok"]))
        #expect(!compiled.isValid(["etag": "x", "created_at_two": 2, "cafe\u{301}": "ok"]))
    }

    @Test("validate reports the same verdicts as isValid")
    func sameVerdicts() throws {
        let compiled = try CompiledSchema(schema: Self.schema)
        let instance: JSONValue = ["etag": "x", "created_at_two": 2, "cafe\u{301}": "ok"]
        let errors = compiled.validate(instance)
        #expect(errors.count == 1)
        #expect(errors.first?.keyword == "additionalProperties")
    }

    @Test("required names are found in large objects, readOnly ones excused in requests")
    func requiredInLargeObjects() throws {
        let schema: JSONValue = [
            "type": "object", "required": ["id", "name"],
            "properties": ["id": ["type": "string", "readOnly": true], "name": ["type": "string"]],
        ]
        let compiled = try CompiledSchema(schema: schema, dialect: .oas30)
        var members = (0..<40).map { JSONObject.Member(key: "extra\($0)", value: .null) }
        members.append(JSONObject.Member(key: "name", value: "n"))
        #expect(!compiled.isValid(.object(JSONObject(members: members))))
        #expect(compiled.isValid(.object(JSONObject(members: members)), context: .request))
        #expect(!compiled.isValid(.object(JSONObject(members: members)), context: .response))
        members.append(JSONObject.Member(key: "id", value: "1"))
        #expect(compiled.isValid(.object(JSONObject(members: members))))
        #expect(!compiled.isValid(.object(JSONObject(members: members)), context: .request))
        #expect(compiled.validate(.object(JSONObject(members: Array(members.dropFirst(41))))).count == 1)
    }

    @Test("a property written twice counts as its last, for its checks and for required")
    func repeatedPropertyName() throws {
        let schema = try JSONParser.parse(
            #"{"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}, "#
                + #""name": {"type": "string"}, "id": {"type": "integer", "readOnly": true}}}"#)
        let compiled = try CompiledSchema(schema: schema, dialect: .oas30)
        #expect(compiled.isValid(["id": 1, "name": "n"]))
        #expect(!compiled.isValid(["id": "1", "name": "n"]))
        #expect(!compiled.isValid(["name": "n"]))
        #expect(compiled.isValid(["name": "n"], context: .request), "the last id is readOnly")
    }

    @Test("properties are looked up by name in large objects with the verdicts of the member walk")
    func propertiesInLargeObjects() throws {
        let schema: JSONValue = [
            "type": "object",
            "properties": [
                "id": ["type": "string", "readOnly": true], "size": ["type": "integer"], "K": ["type": "string"],
            ],
        ]
        let compiled = try CompiledSchema(schema: schema, dialect: .oas30)
        let extras = (0..<30).map { JSONObject.Member(key: "extra\($0)", value: .null) }
        func object(_ members: [(String, JSONValue)]) -> JSONValue {
            .object(JSONObject(members: extras + members.map { JSONObject.Member(key: $0.0, value: $0.1) }))
        }
        #expect(compiled.isValid(object([("id", "1"), ("size", 3)])))
        #expect(!compiled.isValid(object([("id", "1"), ("size", "3")])))
        #expect(!compiled.isValid(object([("id", 1)])))
        #expect(!compiled.isValid(object([("id", "1")]), context: .request))
        #expect(compiled.isValid(object([("size", 3)]), context: .request))
        // A repeated key: the walk checks both members, so the first one's failure counts.
        #expect(!compiled.isValid(object([("size", "3"), ("size", 3)])))
        // A non-ASCII key keeps the object off the byte index; U+212A KELVIN SIGN is not "K".
        #expect(compiled.isValid(object([("\u{212A}", 1)])))
        #expect(!compiled.isValid(object([("\u{212A}", 1), ("K", 1)])))
        #expect(compiled.validate(object([("id", 1), ("size", "3")])).map(\.keyword) == ["type", "type"])
    }

    @Test("required and dependentRequired names match by code points, not canonical equivalence")
    func requiredByCodePoints() throws {
        let schema: JSONValue = [
            "type": "object", "required": ["K"], "dependentRequired": ["\u{E9}": ["x"]],
        ]
        let compiled = try CompiledSchema(schema: schema)
        for extra in [0, 30] {
            let padding = (0..<extra).map { JSONObject.Member(key: "pad\($0)", value: .null) }
            func object(_ members: [(String, JSONValue)]) -> JSONValue {
                .object(JSONObject(members: padding + members.map { JSONObject.Member(key: $0.0, value: $0.1) }))
            }
            // U+212A KELVIN SIGN is canonically equivalent to "K" but is another name.
            #expect(!compiled.isValid(object([("\u{212A}", 1)])), "\(extra) more members")
            #expect(compiled.validate(object([("\u{212A}", 1)])).map(\.keyword) == ["required"])
            #expect(compiled.isValid(object([("K", 1)])))
            // "e" + U+0301 is canonically "é" but does not trigger dependentRequired on "é".
            #expect(compiled.isValid(object([("K", 1), ("e\u{301}", 1)])))
            #expect(!compiled.isValid(object([("K", 1), ("\u{E9}", 1)])))
        }
    }
}
