import ContractJSON
import ContractSchema
import Testing

@Suite("OpenAPI 3.0 dialect")
struct OASDialectTests {
    func compile(_ schema: JSONValue, nullable: NullableReading = .lenient) throws -> CompiledSchema {
        try CompiledSchema(
            schema: schema, baseURI: "file:///contracts/api.json", dialect: .oas30,
            options: SchemaCompileOptions(nullable: nullable))
    }

    @Test(
        "nullable: true lets null through whatever stands beside it; strictly, it widens a type in the same object only",
        arguments: [
            (["type": "string", "nullable": true] as JSONValue, true, true),
            (["nullable": true, "allOf": [["type": "string"]]] as JSONValue, true, false),
            (["nullable": true, "oneOf": [["type": "string"], ["type": "integer"]]] as JSONValue, true, false),
            (["nullable": true, "anyOf": [["type": "object"], ["enum": [""]]]] as JSONValue, true, false),
            (["type": "string", "nullable": true, "enum": ["a", "b"]] as JSONValue, true, false),
            (["type": "string", "nullable": true, "enum": ["a", nil]] as JSONValue, true, true),
            (["nullable": true, "not": ["type": "null"]] as JSONValue, true, false),
            (["type": "string", "nullable": false] as JSONValue, false, false),
            (["type": "string"] as JSONValue, false, false),
            (["allOf": [["type": "string", "nullable": true], ["minLength": 1]]] as JSONValue, true, true),
            (["allOf": [["type": "string", "nullable": true], ["enum": ["a"]]]] as JSONValue, false, false),
        ])
    func nullable(schema: JSONValue, lenient: Bool, strict: Bool) throws {
        #expect(try compile(schema).isValid(.null) == lenient)
        #expect(try compile(schema).validate(.null).isEmpty == lenient)
        #expect(try compile(schema).isValid(json: Array("null".utf8)) == lenient)
        #expect(try compile(schema, nullable: .strict).isValid(.null) == strict)
        #expect(try compile(schema, nullable: .strict).validate(.null).isEmpty == strict)
        #expect(try compile(schema, nullable: .strict).isValid(json: Array("null".utf8)) == strict)
    }

    @Test("nullable beside $ref lets null through, unless read strictly (siblings of $ref are ignored)")
    func nullableBesideRef() throws {
        let schema: JSONValue = [
            "definitions": ["Name": ["type": "string"]],
            "properties": ["name": ["$ref": "#/definitions/Name", "nullable": true], "nick": ["$ref": "#/definitions/Name"]],
        ]
        let lenient = try compile(schema)
        #expect(lenient.isValid(["name": nil]))
        #expect(try lenient.isValid(json: Array(#"{"name": null, "nick": "n"}"#.utf8)))
        #expect(lenient.isValid(["name": "x"]))
        // Only the schema object that says nullable lets null through.
        #expect(!lenient.isValid(["nick": nil]))
        #expect(try !lenient.isValid(json: Array(#"{"name": null, "nick": null}"#.utf8)))
        #expect(lenient.validate(["nick": nil]).map(\.description) == ["expected string, got null (#/definitions/Name/type)"])
        #expect(!lenient.isValid(["name": 5]))
        let strict = try compile(schema, nullable: .strict)
        #expect(!strict.isValid(["name": nil]))
        #expect(strict.isValid(["name": "x"]))
    }

    @Test("a value other than null is checked as before, with the same message")
    func nonNullValuesKeepTheirChecks() throws {
        let milestone: JSONValue = [
            "definitions": [
                "Milestone": ["type": "object", "required": ["number"], "properties": ["number": ["type": "integer"]]]
            ],
            "properties": [
                "milestone": ["nullable": true, "allOf": [["$ref": "#/definitions/Milestone"]]],
                "state": ["type": "string", "enum": ["open", "closed"], "nullable": true],
            ],
        ]
        let compiled = try compile(milestone)
        #expect(compiled.isValid(["milestone": nil, "state": nil]))
        #expect(try compiled.isValid(json: Array(#"{"milestone": null, "state": null}"#.utf8)))
        #expect(compiled.isValid(["milestone": ["number": 3], "state": "open"]))
        #expect(
            compiled.validate(["milestone": ["number": "3"]]).map(\.description) == [
                "expected integer, got string \"3\" (#/definitions/Milestone/properties/number/type)"
            ])
        #expect(try !compiled.isValid(json: Array(#"{"milestone": {}}"#.utf8)))
        #expect(
            compiled.validate(["state": "merged"]).map(\.description) == [
                #"expected one of "open", "closed", got string "merged" (#/properties/state/enum)"#
            ])
    }

    @Test("Swagger 2.0's x-nullable is read as nullable")
    func xNullable() throws {
        let schema: JSONValue = [
            "properties": ["a": ["type": "string", "x-nullable": true], "b": ["x-nullable": true, "allOf": [["type": "string"]]]]
        ]
        #expect(try compile(schema).isValid(["a": nil, "b": nil]))
        #expect(try compile(schema, nullable: .strict).isValid(["a": nil]))
        #expect(try !compile(schema, nullable: .strict).isValid(["b": nil]))
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

    /// Two receivers whose `type` is left open: a Slack receiver also accepts an email receiver's value.
    static let receivers: JSONValue = [
        "definitions": [
            "Slack": ["type": "object", "required": ["type"], "properties": ["type": ["type": "string"]]],
            "Email": [
                "type": "object", "required": ["type", "to"],
                "properties": ["type": ["type": "string"], "to": ["type": "string"]],
            ],
        ],
        "oneOf": [["$ref": "#/definitions/Slack"], ["$ref": "#/definitions/Email"]],
        "discriminator": [
            "propertyName": "type", "mapping": ["SLACK": "#/definitions/Slack", "EMAIL": "#/definitions/Email"],
        ],
    ]

    @Test("3.0: the schema the discriminator names judges the value alone; 3.1: the oneOf does")
    func discriminatorDecidesIn30() throws {
        let email: JSONValue = ["type": "EMAIL", "to": "ops@example.com"]
        let emailWithoutAddress: JSONValue = ["type": "EMAIL"]
        let openAPI30 = try compile(Self.receivers)
        #expect(openAPI30.isValid(email))
        #expect(openAPI30.validate(email).isEmpty)
        #expect(!openAPI30.isValid(emailWithoutAddress))
        let missing = openAPI30.validate(emailWithoutAddress)
        #expect(missing.first?.mostRelevant.message == "expected required property \"to\", got object without it")
        // A value that names no schema is left to the oneOf.
        #expect(openAPI30.isValid(["type": "SMS"]))
        #expect(!openAPI30.isValid(["to": "ops@example.com"]))
        let openAPI31 = try CompiledSchema(
            schema: Self.receivers, baseURI: "file:///contracts/api.json", dialect: .draft2020_12)
        #expect(!openAPI31.isValid(email))
        #expect(openAPI31.validate(email).first?.actual == "branches 0, 1 all match")
        #expect(openAPI31.isValid(emailWithoutAddress))
        // Read from bytes as the verifier reads bodies, the verdicts are the same.
        #expect(try openAPI30.validate(json: Array(#"{"type": "EMAIL", "to": "ops@example.com"}"#.utf8)).isEmpty)
        #expect(try !openAPI30.validate(json: Array(#"{"type": "EMAIL"}"#.utf8)).isEmpty)
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
