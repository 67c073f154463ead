import ContractJSON
import ContractSchema
import Foundation
import Testing

@Suite("Error reporting")
struct ErrorReportingTests {
    static let document = """
        {
          "openapi": "3.1.0",
          "components": {
            "schemas": {
              "Pet": {
                "type": "object",
                "required": ["name"],
                "properties": {
                  "name": {"type": "string"},
                  "tags": {"type": "array", "items": {"$ref": "#/components/schemas/Tag"}}
                }
              },
              "Tag": {"type": "string", "enum": ["a", "b"]}
            }
          }
        }
        """

    func petSchema() throws -> CompiledSchema {
        try compiledSchema(in: Self.document, uri: "file:///work/contracts/api.json", at: "#/components/schemas/Pet")
    }

    @Test("type error: path, pointer, source location, message")
    func typeError() throws {
        let errors = try petSchema().validate(["name": 42])
        let error = try #require(errors.first)
        #expect(errors.count == 1)
        #expect(error.instancePath.description == "$.name")
        #expect(error.keyword == "type")
        #expect(error.schemaLocation.description == "file:///work/contracts/api.json#/components/schemas/Pet/properties/name/type")
        #expect(error.sourceLocation?.description == "contracts/api.json:9:20")
        #expect(error.description == "expected string, got integer 42 (#/components/schemas/Pet/properties/name/type)")
    }

    @Test("type is reported in keyword order, after a failing $ref beside it, with every name written")
    func typeAmongOtherKeywords() throws {
        let schema = try compiledSchema(
            in: ##"{"$ref": "#/$defs/One", "type": ["string", "null"], "minLength": 3, "$defs": {"One": {"const": 1}}}"##,
            uri: "file:///t.json", at: "")
        let errors = schema.validate(2)
        #expect(errors.map(\.keyword) == ["const", "type"])
        #expect(errors.map(\.schemaLocation.fragment) == ["#/$defs/One/const", "#/type"])
        #expect(errors.last?.description == "expected string or null, got integer 2 (#/type)")
        #expect(errors.last?.sourceLocation?.description == "contracts/api.json:1:25")
        #expect(schema.validate("ab").map(\.keyword) == ["const", "minLength"])
        #expect(schema.validate(1).map(\.keyword) == ["type"])
    }

    @Test("a keyword written twice counts as its last, and errors name the last one's line, in both dialects")
    func repeatedKeywords() throws {
        let text = """
            {"type": "string", "minLength": 1,
             "type": ["integer", "null"], "minimum": 3,
             "minimum": 10}
            """
        for dialect in [SchemaDialect.draft2020_12, .oas30] {
            var registry = SchemaRegistry()
            registry.add(try JSONParser.parse(text), uri: "file:///s.json", dialect: dialect, displayPath: "s.json")
            let compiled = try CompiledSchema(registry: registry, uri: "file:///s.json")
            #expect(compiled.isValid(12), "\(dialect)")
            #expect(!compiled.isValid("text"), "\(dialect)")
            let errors = compiled.validate(5)
            #expect(errors.map(\.keyword) == ["minimum"], "\(dialect)")
            #expect(errors.first?.sourceLocation?.description == "s.json:3:2", "\(dialect)")
            #expect(compiled.validate("text").first?.sourceLocation?.description == "s.json:2:2", "\(dialect)")
        }
    }

    @Test("errors through $ref point at the target")
    func refError() throws {
        let errors = try petSchema().validate(["name": "x", "tags": ["a", "zzz"]])
        #expect(
            errors.map(\.description) == [
                "expected one of \"a\", \"b\", got string \"zzz\" (#/components/schemas/Tag/enum)"
            ])
        #expect(errors.first?.instancePath.description == "$.tags[1]")
        #expect(errors.first?.sourceLocation?.description == "contracts/api.json:13:33")
    }

    @Test("required and long values are cut short")
    func requiredAndCut() throws {
        let compiled = try CompiledSchema(schema: ["type": "integer"])
        let long = String(repeating: "x", count: 100)
        #expect(compiled.validate(.string(long)).first?.actual == "string \"" + String(repeating: "x", count: 39) + "…\"")
        #expect(try petSchema().validate([:]).first?.message == "expected required property \"name\", got object without it")
    }

    @Test("a catastrophic pattern is bounded and reported")
    func catastrophicPattern() throws {
        let compiled = try CompiledSchema(schema: ["pattern": "(a+)+$"])
        let instance = JSONValue.string(String(repeating: "a", count: 50) + "!")
        let start = Date()
        #expect(!compiled.isValid(instance))
        let errors = compiled.validate(instance)
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(errors.first?.actual.contains("undecided after") == true)
    }

    @Test("bad schemas are compile errors with locations")
    func compileErrors() throws {
        #expect(throws: SchemaCompileErrors.self) { try CompiledSchema(schema: ["pattern": "(unclosed"]) }
        #expect(throws: SchemaCompileErrors.self) { try CompiledSchema(schema: ["$ref": "https://example.com/x.json"]) }
        #expect(throws: SchemaCompileErrors.self) { try CompiledSchema(schema: ["minLength": "3"]) }
    }

    @Test(
        "exact numbers",
        arguments: [
            ("multipleOf", "0.01", "19.99", true),
            ("multipleOf", "0.01", "19.999", false),
            ("maximum", "18446744073709551615", "18446744073709551617", false),
            ("minimum", "0.1", "0.09999999999999999999", false),
            ("minimum", "1", "1.0", true),
        ])
    func exactNumbers(keyword: String, bound: String, instance: String, valid: Bool) throws {
        let schema = JSONValue.object(JSONObject(members: [.init(key: keyword, value: .number(JSONNumber(text: bound)))]))
        #expect(try CompiledSchema(schema: schema).isValid(.number(JSONNumber(text: instance))) == valid)
    }

    @Test("integers by value", arguments: ["1.0", "1e2", "18446744073709551617", "-9223372036854775809"])
    func integers(text: String) throws {
        #expect(try CompiledSchema(schema: ["type": "integer"]).isValid(.number(JSONNumber(text: text))))
    }

    @Test("cyclic schemas compile and validate")
    func cyclic() throws {
        let schema: JSONValue = [
            "$defs": ["Node": ["type": "object", "properties": ["next": ["$ref": "#/$defs/Node"], "v": ["type": "integer"]]]],
            "$ref": "#/$defs/Node",
        ]
        let compiled = try CompiledSchema(schema: schema)
        #expect(compiled.isValid(["v": 1, "next": ["v": 2, "next": ["v": 3]]]))
        #expect(compiled.validate(["next": ["next": ["v": "x"]]]).first?.instancePath.description == "$.next.next.v")
    }
}
