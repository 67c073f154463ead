import ContractJSON
import Foundation
import Testing

@testable import ContractSpec

@Suite("Lint rules and their messages")
struct LintRuleTests {
    @Test("structural errors: missing title, wrong type, bad path key, unknown in")
    func structural() throws {
        let contract = try TemporaryContract([
            "api.yaml": """
            openapi: 3.1.0
            info:
              version: 1
            paths:
              pets:
                get:
                  responses: {'200': {description: ok}}
              /owners:
                get:
                  operationId: 42
                  parameters:
                    - name: q
                      in: body
                      schema: {type: string}
                  responses: {'200': {description: ok}}
            """
        ])
        #expect(
            contract.messages() == [
                "api.yaml:2:1: error: a Info Object requires 'title' [structure.required]",
                "api.yaml:3:3: warning: 'version' should be a string; 1 is read as a number, quote it [structure.type]",
                "api.yaml:5:3: error: path 'pets' must start with '/' [paths.key]",
                "api.yaml:10:7: error: 'operationId' must be a string, found the number 42 [structure.type]",
                "api.yaml:13:11: error: 'in' must be one of query, header, path, cookie; found 'body' [structure.enum]",
            ])
    }

    @Test("semantic errors: duplicate operationId, undeclared and unused path parameters, ambiguous paths")
    func semantic() throws {
        let contract = try TemporaryContract([
            "api.yaml": openAPI31(
                paths: """
                      /a/{x}:
                        get:
                          operationId: same
                          parameters:
                            - {name: x, in: path, required: true, schema: {type: string}}
                          responses: {'200': {description: ok}}
                      /a/{y}:
                        get:
                          operationId: same
                          parameters:
                            - {name: z, in: path, required: true, schema: {type: string}}
                          responses: {'200': {description: ok}}
                    """)
        ])
        let messages = contract.messages()
        #expect(
            messages.contains(
                "api.yaml:13:5: error: GET /a/{y}: path variable '{y}' has no parameter with in: path; declare it [paths.parameter-undeclared]"
            ))
        #expect(
            messages.contains { $0.hasPrefix("api.yaml:16:11: error: GET /a/{y}: path parameter 'z' does not appear in the path template") }
        )
        #expect(messages.contains { $0.hasPrefix("api.yaml:13:5: error: operationId 'same' is used twice: also by GET /a/{x} at ") })
        #expect(
            messages.contains {
                $0.hasPrefix("api.yaml:13:5: warning: '/a/{y}' and '/a/{x}' (at ")
                    && $0.hasSuffix(
                        "match the same URLs, which OpenAPI does not allow; GET requests go to '/a/{x}', declared first; "
                            + "use one variable name for both [paths.ambiguous]")
            })
        #expect(messages.count == 4)
    }

    @Test("warnings: unknown formats, required properties with no definition, nullable without type")
    func warnings() throws {
        let contract = try TemporaryContract([
            "api.yaml": """
            openapi: 3.0.3
            info: {title: t, version: '1'}
            paths: {}
            components:
              schemas:
                Pet:
                  type: object
                  required: [name, tag]
                  properties:
                    name: {type: string, format: petname}
                    owner:
                      nullable: true
                      allOf: [{$ref: '#/components/schemas/Owner'}]
                Owner: {type: object}
            """
        ])
        #expect(
            contract.messages() == [
                "api.yaml:8:7: warning: required property 'tag' is not defined in 'properties' [schema.required-undefined]",
                "api.yaml:10:30: warning: unknown format 'petname' is not checked [schema.format-unknown]",
                "api.yaml:12:11: warning: nullable: true without 'type' in the same schema: null is accepted here, but OAS 3.0.3 read literally gives nullable no effect, and tools that read it so reject null; add 'type' for portability [schema.nullable-ignored]",
            ])
    }

    @Test("nullable warnings say what each reading does")
    func nullableWarningsByReading() throws {
        let contract = try TemporaryContract([
            "api.yaml": """
            openapi: 3.0.3
            info: {title: t, version: '1'}
            paths: {}
            components:
              schemas:
                Charge:
                  type: object
                  properties:
                    status: {type: string, nullable: true, enum: [paid, failed]}
                    customer:
                      nullable: true
                      anyOf: [{type: string}, {type: object}]
            """
        ])
        let lenient = contract.load().diagnostics.map(\.message)
        #expect(lenient.count == 2)
        #expect(lenient.allSatisfy { $0.contains("null is accepted here") && $0.contains("for portability") }, "\(lenient)")
        let strict = ContractLoader(rootDirectory: contract.folder, nullable: .strict).load(contract.url("api.yaml"))
        #expect(
            strict.diagnostics.map { "\($0.location.position) \($0.code)" } == [
                "9:48 schema.nullable-enum", "11:11 schema.nullable-ignored",
            ])
        #expect(strict.diagnostics.allSatisfy { $0.message.contains("null is rejected") })
    }

    @Test("schema problems deep in a component name the pointer and line of the keyword, through $refs")
    func deepSchemaProblems() throws {
        let contract = try TemporaryContract([
            "api.yaml": """
            openapi: 3.1.0
            info: {title: t, version: '1'}
            paths: {}
            components:
              schemas:
                Pets: {type: array, items: {$ref: '#/components/schemas/Pet'}}
                Pet:
                  allOf:
                    - type: object
                      properties:
                        tags:
                          type: array
                          items: {type: text}
                    - properties:
                        size: {type: [integer, huge]}
                Loop: {$ref: '#/components/schemas/Loop'}
            """
        ])
        let result = contract.load()
        let found = result.diagnostics.filter { $0.code == "schema.type" || $0.code == "ref.cycle" }
            .map { "\($0.location.position) \($0.pointer?.description ?? "-") \($0.code)" }
        #expect(
            found.sorted() == [
                "13:23 /components/schemas/Pet/allOf/0/properties/tags/items/type schema.type",
                "15:20 /components/schemas/Pet/allOf/1/properties/size/type schema.type",
                "16:12 /components/schemas/Loop/$ref ref.cycle",
            ], "\(found)")
    }

    @Test("a path parameter without required: true is a warning, and read as required (3.x and 2.0)")
    func pathParameterNotMarkedRequired() throws {
        for (header, parameter) in [
            ("openapi: 3.0.3", "{name: id, in: path, schema: {type: string}}"),
            ("swagger: '2.0'", "{name: id, in: path, type: string}"),
        ] {
            let contract = try TemporaryContract([
                "api.yaml": """
                \(header)
                info: {title: t, version: '1'}
                paths:
                  /users/{id}:
                    get:
                      parameters: [\(parameter)]
                      responses: {'200': {description: ok}}
                """
            ])
            let result = contract.load()
            #expect(!result.hasErrors, "\(result.diagnostics)")
            #expect(
                contract.messages() == [
                    "api.yaml:6:20: warning: path parameter 'id' must have required: true (OpenAPI says so); it is read "
                        + "as required [parameter.path-required]"
                ])
            #expect(result.document?.operations.first?.parameters.first?.required == true)
        }
    }

    @Test("a list of types: allowed in a Swagger 2.0 Schema Object (draft 4's type), not in OpenAPI 3.0")
    func typeLists() throws {
        let swagger = try TemporaryContract([
            "api.yaml": """
            swagger: '2.0'
            info: {title: t, version: '1'}
            paths: {}
            definitions:
              Channel:
                type: object
                properties:
                  purpose: {type: ['null', string]}
                  size: {type: [integer, huge]}
            """
        ])
        let result = swagger.load()
        #expect(
            swagger.messages() == [
                "api.yaml:9:14: error: 'type' lists 'huge', which is not a JSON Schema type (array, boolean, integer, "
                    + "null, number, object, string) [schema.type]"
            ])
        let document = try #require(result.document)
        let purpose = try document.compiledSchemas.compiled(
            inFile: try #require(result.files.first).uri,
            at: try #require(JSONPointer("/definitions/Channel/properties/purpose")))
        #expect(purpose.isValid(.null))
        #expect(purpose.isValid("general"))
        #expect(!purpose.isValid(7))
        let openAPI30 = try TemporaryContract([
            "api.yaml": """
            openapi: 3.0.3
            info: {title: t, version: '1'}
            paths: {}
            components:
              schemas:
                Purpose: {type: ['null', string]}
            """
        ])
        #expect(
            openAPI30.messages() == [
                "api.yaml:6:15: error: 'type' must be a string, found an array [schema.type]"
            ])
    }

    @Test("type 'null' in OpenAPI 3.0: an error that says what to write, read as the value null")
    func nullTypeInOpenAPI30() throws {
        let contract = try TemporaryContract([
            "api.yaml": """
            openapi: 3.0.3
            info: {title: t, version: '1'}
            paths: {}
            components:
              schemas:
                Score: {oneOf: [{type: 'null'}, {type: number}]}
            """
        ])
        #expect(
            contract.messages() == [
                "api.yaml:6:22: error: OpenAPI 3.0.3 has no 'null' type; write 'nullable: true' beside the other type, "
                    + "or declare the document 'openapi: 3.1.0' [schema.type]"
            ])
        let result = contract.load()
        #expect(result.blockingErrors.isEmpty, "\(result.blockingErrors)")
        let score = try #require(result.document).compiledSchemas.compiled(
            inFile: try #require(result.files.first).uri,
            at: try #require(JSONPointer("/components/schemas/Score")))
        #expect(score.isValid(.null))
        #expect(score.isValid(0.5))
        #expect(!score.isValid("high"))
    }

    @Test("a schema $ref written many times is checked once where it resolves and reported everywhere it does not")
    func repeatedSchemaReferences() throws {
        let contract = try TemporaryContract([
            "api.yaml": """
            openapi: 3.1.0
            info: {title: t, version: '1'}
            paths: {}
            components:
              schemas:
                A: {properties: {x: {$ref: '#/components/schemas/Bad'}, y: {$ref: '#/components/schemas/Bad'}}}
                B: {items: {$ref: '#/components/schemas/Missing'}}
                C: {not: {$ref: '#/components/schemas/Missing'}}
                D: {$ref: '#/components/schemas/Hop', description: siblings end the chain here}
                E: {$ref: '#/components/schemas/Hop'}
                Hop: {$ref: '#/components/schemas/Hop'}
                Bad: {type: text}
            """
        ])
        let found = contract.load().diagnostics.filter { $0.severity == .error }
            .map { "\($0.location.position) \($0.code)" }
        // Bad's type once; Missing at both places; the loop through Hop from E and from Hop itself, but not
        // from D, whose siblings make it a schema of its own that only refers to Hop.
        #expect(
            found.sorted() == [
                "10:9 ref.cycle", "11:11 ref.cycle", "12:11 schema.type", "7:17 ref.unresolved", "8:15 ref.unresolved",
            ], "\(found)")
    }

    @Test("a Swagger 2.0 path's shared parameters are read once: a problem in one is reported once, not per method")
    func sharedParametersOnce() throws {
        let contract = try TemporaryContract([
            "api.yaml": """
            swagger: '2.0'
            info: {title: t, version: '1'}
            paths:
              /pets/{id}:
                parameters:
                  - {name: id, in: path, required: true, type: string, colour: red}
                get:
                  responses: {'200': {description: ok}}
                delete:
                  responses: {'204': {description: gone}}
            """
        ])
        let result = contract.load()
        let unknown = result.diagnostics.filter { $0.code == "structure.unknown-field" }
        #expect(unknown.map(\.location.position.line) == [6], "\(unknown)")
        #expect(result.document?.operations.map { $0.parameters.map(\.name) } == [["id"], ["id"]])
    }

    @Test("security requirements must name declared schemes")
    func security() throws {
        let contract = try TemporaryContract([
            "api.yaml": openAPI31(
                components: """
                    components:
                      securitySchemes:
                        key: {type: apiKey, name: X-Key, in: header}
                    security:
                      - token: []
                    """)
        ])
        #expect(
            contract.messages().contains {
                $0.contains("security requirement names 'token', which is not a declared security scheme (declared: key)")
            })
    }
}
