import ContractJSON
import ContractSchema
import Foundation
import Testing

@testable import ContractSpec

@Suite("Schemas in the model: normalised, compiled, checked")
struct SchemaIntegrationTests {
    static let nullableDocument = """
        openapi: 3.0.3
        info: {title: t, version: '1'}
        paths:
          /pets:
            get:
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Pet'}
        components:
          schemas:
            Pet:
              type: object
              properties:
                name: {type: string, nullable: true}
                size: {type: string, nullable: true, enum: [small, large]}
                owner:
                  nullable: true
                  allOf: [{$ref: '#/components/schemas/Owner'}]
                weight: {type: number, minimum: 0, exclusiveMinimum: true}
            Owner: {type: object}
        """

    @Test("3.1 nullable, a 3.0 holdover, lets null through as the author meant, with one warning; strict: ignored")
    func nullableIn31() throws {
        let contract = try TemporaryContract([
            "api.yaml": """
            openapi: 3.1.0
            info: {title: t, version: '1'}
            paths: {}
            components:
              schemas:
                Completion:
                  type: object
                  properties:
                    logprobs: {type: integer, nullable: true}
                    suffix: {type: string, nullable: true, default: null}
                    stop: {type: string}
            """
        ])
        let result = contract.load()
        #expect(!result.hasErrors, "\(result.diagnostics)")
        #expect(
            contract.messages() == [
                "api.yaml:9:35: warning: OpenAPI 3.1.0 has no 'nullable' keyword (3.1 dropped it); null is accepted "
                    + "here and in 1 other place, as 3.0 read it, but tools that follow OpenAPI 3.1.0 reject it; add "
                    + "'null' to 'type' instead [schema.nullable-dropped]"
            ])
        let document = try #require(result.document)
        let completion = try #require(document.schemas["Completion"])
        let lenient = try document.compiledSchemas.compiled(completion)
        #expect(lenient.isValid(["logprobs": nil, "suffix": nil]))
        #expect(!lenient.isValid(["stop": nil]), "no nullable, no null")
        #expect(!lenient.isValid(["logprobs": "5"]))
        let strict = try document.reading(nullable: .strict).compiledSchemas.compiled(completion)
        #expect(!strict.isValid(["logprobs": nil]))
        // Plain JSON Schema 2020-12 has no such keyword: it stays an annotation there.
        let plain = try CompiledSchema(schema: ["type": "integer", "nullable": true])
        #expect(!plain.isValid(nil))
    }

    @Test("3.0 nullable lets null through wherever it stands; the model's values keep the literal reading")
    func nullable() throws {
        let contract = try TemporaryContract(["api.yaml": Self.nullableDocument])
        let result = contract.load()
        let document = try #require(result.document)
        let pet = try #require(document.schemas["Pet"])
        #expect(pet.value["properties"]?["name"]?["type"] == ["string", "null"])
        #expect(pet.value["properties"]?["weight"]?["exclusiveMinimum"] == 0)
        #expect(pet.value["properties"]?["weight"]?["minimum"] == nil)
        let schema = try #require(document.operations.first?.responses.first?.content.first?.schema)
        #expect(document.nullable == .lenient)
        let compiled = try document.compiledSchemas.compiled(schema)
        #expect(compiled.isValid(["name": nil, "size": nil, "owner": nil]))
        #expect(!compiled.isValid(["weight": nil]), "no nullable, no null")
        #expect(!compiled.isValid(["size": "medium"]))
        #expect(!compiled.isValid(["weight": 0]))
        #expect(compiled.isValid(["weight": 0.5]))
        // Read strictly, as OAS 3.0.3 defines it: the loader's option and a document read again agree.
        let strictDocument = try #require(
            ContractLoader(rootDirectory: contract.folder, nullable: .strict).load(contract.url("api.yaml")).document)
        for strict in [
            try strictDocument.compiledSchemas.compiled(schema), try document.reading(nullable: .strict).compiledSchemas.compiled(schema),
        ] {
            #expect(strict.isValid(["name": nil]))
            #expect(!strict.isValid(["size": nil]), "the enum does not list null, so null is rejected")
            #expect(!strict.isValid(["owner": nil]), "nullable without type has no effect")
        }
        #expect(document.reading(nullable: .strict).nullable == .strict)
        #expect(document.compiledSchemas.reading(.strict) === document.compiledSchemas.reading(.strict), "made once")
        #expect(document.compiledSchemas.reading(.lenient) === document.compiledSchemas)
        let codes = Set(result.diagnostics.map(\.code))
        #expect(codes == ["schema.nullable-enum", "schema.nullable-ignored"], "\(result.diagnostics)")
    }

    @Test("examples and defaults that break their schema are warnings with their location")
    func invalidExamples() throws {
        let contract = try TemporaryContract([
            "api.yaml": openAPI31(
                paths: """
                      /pets:
                        get:
                          parameters:
                            - name: limit
                              in: query
                              schema: {type: integer, maximum: 100, default: 500}
                              example: ten
                          responses:
                            '200':
                              description: ok
                              content:
                                application/json:
                                  schema:
                                    type: object
                                    properties: {id: {type: integer, readOnly: true}}
                                  examples:
                                    good: {value: {id: 1}}
                                    bad: {value: {id: one}}
                    """)
        ])
        #expect(
            contract.messages().sorted() == [
                "api.yaml:11:49: warning: default does not match its schema: $: expected a number at most 100, got integer 500 (#/paths/~1pets/get/parameters/0/schema/maximum) [schema.default-invalid]",
                "api.yaml:12:11: warning: example does not match its schema: $: expected integer, got string \"ten\" (#/paths/~1pets/get/parameters/0/schema/type) [example.invalid]",
                "api.yaml:23:23: warning: example 'bad' does not match its schema: $.id: expected integer, got string \"one\" (#/paths/~1pets/get/responses/200/content/application~1json/schema/properties/id/type) [example.invalid]",
            ])
    }

    @Test("a form body's example writes a list of one as its value, as the form field it stands for")
    func formExampleWithOneValueForAList() throws {
        let contract = try TemporaryContract([
            "api.yaml": openAPI31(
                paths: """
                      /roles:
                        post:
                          requestBody:
                            content:
                              application/x-www-form-urlencoded:
                                schema:
                                  type: object
                                  properties:
                                    Permission: {type: array, items: {type: string}}
                                    Limit: {type: integer}
                                examples:
                                  one: {value: {Permission: sendMessage}}
                                  many: {value: {Permission: [sendMessage, leaveChannel]}}
                                  wrong: {value: {Permission: 7, Limit: [1]}}
                              application/json:
                                schema: {type: object, properties: {Permission: {type: array}}}
                                example: {Permission: sendMessage}
                          responses:
                            '204': {description: Saved.}
                    """)
        ])
        #expect(
            contract.messages() == [
                "api.yaml:19:23: warning: example 'wrong' does not match its schema: $.Permission[0]: expected string, "
                    + "got integer 7 (#/paths/~1roles/post/requestBody/content/application~1x-www-form-urlencoded/schema/"
                    + "properties/Permission/items/type) (and 1 more) [example.invalid]",
                "api.yaml:22:13: warning: example does not match its schema: $.Permission: expected array, got string "
                    + "\"sendMessage\" (#/paths/~1roles/post/requestBody/content/application~1json/schema/properties/"
                    + "Permission/type) [example.invalid]",
            ])
    }

    @Test("a schema that does not compile is an error at its keyword")
    func compileError() throws {
        let contract = try TemporaryContract([
            "api.yaml": openAPI31(
                paths: """
                      /pets:
                        get:
                          parameters:
                            - {name: q, in: query, schema: {type: string, pattern: '(unclosed'}}
                          responses: {'204': {description: ok}}
                    """)
        ])
        let messages = contract.messages()
        #expect(messages.count == 1)
        #expect(messages.first?.contains("error:") == true)
        #expect(messages.first?.contains("[schema.compile]") == true)
    }

    @Test("Swagger 2.0 schemas built from parameters compile, and their $refs reach the file")
    func swagger2Synthesized() throws {
        let contract = try TemporaryContract([
            "api.yaml": """
            swagger: '2.0'
            info: {title: t, version: '1'}
            definitions:
              Tag: {type: string, enum: [a, b]}
            paths:
              /pets:
                post:
                  consumes: [application/x-www-form-urlencoded]
                  parameters:
                    - {name: tags, in: formData, type: array, items: {$ref: '#/definitions/Tag'}}
                    - {name: size, in: query, type: integer, maximum: 10, x-nullable: true}
                  responses: {'204': {description: ok}}
            """
        ])
        let result = contract.load()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let operation = try #require(result.document?.operations.first)
        let form = try #require(operation.requestBody?.content.first?.schema)
        let compiled = try #require(result.document?.compiledSchemas).compiled(form)
        #expect(compiled.isValid(["tags": ["a"]]))
        #expect(!compiled.isValid(["tags": ["c"]]))
        let size = try #require(operation.parameters.first?.schema)
        #expect(size.value["type"] == ["integer", "null"])
    }
}

@Suite("Following schema references through the model")
struct SchemaReferenceTests {
    @Test("$refs resolve to normalised values, across files")
    func resolveReferences() throws {
        let contract = try TemporaryContract([
            "api.yaml": SchemaIntegrationTests.nullableDocument,
            "other.yaml": "Thing: {type: integer, nullable: true}\n",
        ])
        let document = try #require(contract.load().document)
        let schema = try #require(document.operations.first?.responses.first?.content.first?.schema)
        let catalog = document.compiledSchemas
        let target = catalog.resolve("#/components/schemas/Pet", against: schema.baseURI)
        #expect(
            target == contract.url("api.yaml").standardizedFileURL.resolvingSymlinksInPath().absoluteString + "#/components/schemas/Pet")
        #expect(catalog.schemaValue(at: target)?["properties"]?["name"]?["type"] == ["string", "null"])
        #expect(catalog.schemaValue(at: catalog.resolve("#/nope", against: schema.baseURI)) == nil)
    }
}

/// The loader hands the compiler each schema as it read it (`Spec.Schema.written`), so that compiling
/// does not walk the file from its root again. A schema changed after loading must not compile from
/// what was read before the change.
@Suite("Schemas changed after loading compile from their file")
struct ChangedSchemaTests {
    @Test("a schema pointed elsewhere compiles what stands there", arguments: ["3.0.3", "3.1.0"])
    func movedSchema(version: String) throws {
        let text = """
            openapi: \(version)
            info: {title: t, version: '1'}
            paths:
              /count:
                get:
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema: {type: integer}
            components:
              schemas:
                Unused: {type: string}
            """
        let contract = try TemporaryContract(["api.yaml": text])
        let document = try #require(contract.load().document)
        let read = try #require(document.operations.first?.responses.first?.content.first?.schema)
        #expect(try document.compiledSchemas.compiled(read).isValid(5))
        var moved = read
        moved.pointer = try #require(JSONPointer("/components/schemas/Unused"))
        let compiled = try document.compiledSchemas.compiled(moved)
        #expect(compiled.isValid("text"))
        #expect(!compiled.isValid(5))
    }
}
