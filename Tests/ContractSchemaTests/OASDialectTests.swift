import ContractJSON
import ContractSchema
import Testing

@Suite("OpenAPI 3.0 dialect")
struct OASDialectTests {
    func compile(_ schema: JSONValue) throws -> CompiledSchema {
        try CompiledSchema(schema: schema, baseURI: "file:///contracts/api.json", dialect: .oas30)
    }

    @Test(
        "nullable widens a type in the same object only",
        arguments: [
            (["type": "string", "nullable": true] as JSONValue, true),
            (["nullable": true, "allOf": [["type": "string"]]] as JSONValue, false),
            (["nullable": true, "oneOf": [["type": "string"], ["type": "integer"]]] as JSONValue, false),
            (["type": "string", "nullable": true, "enum": ["a", "b"]] as JSONValue, false),
            (["type": "string", "nullable": true, "enum": ["a", nil]] as JSONValue, true),
            (["type": "string", "nullable": false] as JSONValue, false),
        ])
    func nullable(schema: JSONValue, acceptsNull: Bool) throws {
        #expect(try compile(schema).isValid(.null) == acceptsNull)
    }

    @Test("nullable beside $ref has no effect")
    func nullableBesideRef() throws {
        let schema: JSONValue = [
            "definitions": ["Name": ["type": "string"]],
            "properties": ["name": ["$ref": "#/definitions/Name", "nullable": true]],
        ]
        let compiled = try compile(schema)
        #expect(!compiled.isValid(["name": nil]))
        #expect(compiled.isValid(["name": "x"]))
    }

    @Test("translation reports where nullable has no effect")
    func translationNotes() {
        let schema: JSONValue = [
            "properties": [
                "a": ["nullable": true, "allOf": [["type": "string"]]],
                "b": ["type": "string", "nullable": true, "enum": ["x"]],
                "c": ["type": "integer", "nullable": true],
            ]
        ]
        let (translated, notes) = OASSchemaTranslation.translate(schema)
        #expect(notes.map(\.pointer.description) == ["/properties/a", "/properties/b"])
        #expect(notes.map(\.kind) == [.nullableWithoutType, .enumWithoutNull])
        #expect(translated["properties"]?["c"]?["type"] == ["integer", "null"])
    }

    @Test("boolean exclusive bounds and ignored $ref siblings")
    func exclusiveAndRefSiblings() throws {
        let bounded = try compile(["minimum": 5, "exclusiveMinimum": true, "maximum": 9, "exclusiveMaximum": false])
        #expect(!bounded.isValid(5))
        #expect(bounded.isValid(6))
        #expect(bounded.isValid(9))
        let reference = try compile(["definitions": ["S": ["type": "string"]], "$ref": "#/definitions/S", "type": "integer"])
        #expect(reference.isValid("text"))
    }

    static let pets: JSONValue = [
        "definitions": [
            "Cat": [
                "type": "object", "required": ["petType", "meow"],
                "properties": ["petType": ["type": "string"], "meow": ["type": "string"]],
            ],
            "Dog": [
                "type": "object", "required": ["petType", "bark"],
                "properties": ["petType": ["type": "string"], "bark": ["type": "string"]],
            ],
        ],
        "oneOf": [["$ref": "#/definitions/Cat"], ["$ref": "#/definitions/Dog"]],
        "discriminator": ["propertyName": "petType"],
    ]

    @Test("discriminator without mapping reports the named branch only")
    func discriminatorImplicit() throws {
        let compiled = try compile(Self.pets)
        let errors = compiled.validate(["petType": "Dog", "bark": 1])
        #expect(errors.count == 1)
        #expect(errors.first?.keyword == "oneOf")
        #expect(errors.first?.branches.count == 1)
        #expect(errors.first?.mostRelevant.instancePath.description == "$.bark")
        #expect(errors.first?.mostRelevant.description == "expected string, got integer 1 (#/definitions/Dog/properties/bark/type)")
    }

    @Test("discriminator with mapping")
    func discriminatorMapping() throws {
        var schema = Self.pets
        if case .object(var object) = schema {
            object["discriminator"] = ["propertyName": "petType", "mapping": ["dog": "#/definitions/Dog", "cat": "Cat"]]
            schema = .object(object)
        }
        let compiled = try compile(schema)
        #expect(compiled.validate(["petType": "dog", "bark": "woof"]).isEmpty)
        let errors = compiled.validate(["petType": "cat", "bark": 1])
        #expect(errors.first?.mostRelevant.keyword == "required")
        #expect(errors.first?.mostRelevant.message == "expected required property \"meow\", got object without it")
        let unknown = compiled.validate(["petType": "bird"])
        #expect(unknown.first?.keyword == "discriminator")
    }

    static let account: JSONValue = [
        "type": "object",
        "required": ["id", "password", "name"],
        "properties": [
            "id": ["type": "integer", "readOnly": true],
            "password": ["type": "string", "writeOnly": true],
            "name": ["type": "string"],
        ],
    ]

    @Test("readOnly and writeOnly by context")
    func accessByContext() throws {
        let compiled = try compile(Self.account)
        #expect(compiled.isValid(["password": "p", "name": "n"], context: .request))
        #expect(!compiled.isValid(["password": "p", "name": "n"], context: .none))
        let request = compiled.validate(["id": 1, "password": "p", "name": "n"], context: .request)
        #expect(request.map(\.keyword) == ["readOnly"])
        #expect(request.first?.instancePath.description == "$.id")
        #expect(compiled.isValid(["id": 1, "name": "n"], context: .response))
        let response = compiled.validate(["id": 1, "password": "p", "name": "n"], context: .response)
        #expect(response.map(\.keyword) == ["writeOnly"])
    }
}
