import ContractJSON
import ContractTestSupport
import Foundation
import Testing

@testable import ContractSpec

/// `$ref`s written where the version allows no Reference Object (an Operation, a Media Type in 3.0…)
/// are followed, with one warning per kind of place.
@Suite("$ref in places the specification does not allow")
struct MisplacedReferenceTests {
    static let ledger = Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/contracts/split/ledger.yaml")

    @Test("a description whose every operation is a $ref to another file loads whole")
    func splitContractLoads() throws {
        let result = ContractLoader(rootDirectory: Corpus.packageRoot).load(Self.ledger)
        let document = try #require(result.document)
        #expect(
            document.operations.map { "\($0.method) \($0.path) \($0.operationId ?? "-")" } == [
                "GET /balance balance_get", "POST /invoices invoice_create", "GET /invoices/{invoice_id} invoice_get",
                "DELETE /invoices/{invoice_id} invoice_delete",
            ])
        let invoice = try #require(document.operation(id: "invoice_get"))
        #expect(invoice.parameters.map(\.name) == ["invoice_id"])
        #expect(invoice.location.file.hasSuffix("resources/invoices/invoice_get.yml"))
        let ok = try #require(invoice.response(for: 200))
        #expect(ok.content.map(\.name) == ["application/json"])
        #expect(ok.content.first?.schema?.pointer.description == "/schema")
        #expect(ok.content.first?.schema?.baseURI.hasSuffix("resources/invoices/models/invoice_media.yml") == true)
        #expect(ok.content.first?.schema?.value["$ref"] == "invoice.yml")
        let balance = try #require(document.operation(id: "balance_get")?.response(for: 200))
        #expect(balance.headers.map(\.name) == ["ratelimit-limit"])
        #expect(balance.content.first?.examples.first?.value?["month_to_date_balance"] == "23.44")
        #expect(document.operation(id: "balance_get")?.response(for: 401)?.description == "Missing or wrong credentials.")
    }

    @Test("one warning per kind of place, at the first, counting the others; no error")
    func oneWarningPerKind() throws {
        let result = ContractLoader(rootDirectory: Corpus.packageRoot).load(Self.ledger)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let placements = result.diagnostics.filter { $0.code == "ref.placement" }
        #expect(placements.allSatisfy { $0.severity == .warning })
        #expect(
            placements.map(\.message) == [
                "OpenAPI 3.0.3 does not allow $ref in place of an Operation Object; it is followed here and in 3 other "
                    + "places, but tools that read the specification strictly reject it",
                "OpenAPI 3.0.3 does not allow $ref in place of a Media Type Object; it is followed here, but tools "
                    + "that read the specification strictly reject it",
            ])
        #expect(placements.first?.location.file.hasSuffix("split/ledger.yaml") == true)
        #expect(placements.first?.location.position.line == 13)
        // Parameters and responses may be references: no warning for them.
        #expect(result.diagnostics.filter { $0.code != "ref.placement" }.isEmpty, "\(result.diagnostics)")
    }

    @Test("a $ref in an operation's place that names a missing file is an error at its line")
    func missingOperationFile() throws {
        let contract = try TemporaryContract([
            "api.yaml": """
            openapi: 3.0.3
            info: {title: t, version: '1'}
            paths:
              /a:
                get:
                  $ref: operations/missing.yml
                post:
                  $ref: operations/create.yml#/nope
            """,
            "operations/create.yml": "operationId: create\nresponses: {'204': {description: ok}}\n",
        ])
        let errors = contract.messages().filter { $0.contains("error:") }
        #expect(errors.count == 2, "\(errors)")
        #expect(errors.first?.hasPrefix("api.yaml:6:7: error: $ref 'operations/missing.yml': ") == true, "\(errors)")
        #expect(errors.first?.hasSuffix("[ref.file]") == true)
        #expect(errors.last?.hasPrefix("api.yaml:8:7: error: $ref 'operations/create.yml#/nope' names nothing in ") == true)
        #expect(errors.last?.hasSuffix("operations/create.yml [ref.unresolved]") == true)
        // Neither is reported again as a field the Operation Object does not have.
        #expect(!contract.messages().contains { $0.contains("structure.unknown-field") })
    }

    @Test("Swagger 2.0: an operation and a response header given by $ref")
    func swagger2() throws {
        let contract = try TemporaryContract([
            "api.yaml": """
            swagger: '2.0'
            info: {title: t, version: '1'}
            paths:
              /pets:
                get:
                  $ref: 'ops.yaml#/listPets'
            """,
            "ops.yaml": """
            listPets:
              operationId: listPets
              produces: [application/json]
              responses:
                '200':
                  description: ok
                  headers:
                    X-Rate: {$ref: 'ops.yaml#/rateHeader'}
                  schema: {type: array, items: {type: string}}
            rateHeader: {type: integer}
            """,
        ])
        let result = contract.load()
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let operation = try #require(result.document?.operation(id: "listPets"))
        #expect(operation.response(for: 200)?.headers.first?.schema?.value["type"] == "integer")
        #expect(
            result.diagnostics.map(\.message).map { $0.prefix(56) } == [
                "Swagger 2.0 does not allow $ref in place of an Operation",
                "Swagger 2.0 does not allow $ref in place of a Header Obj",
            ])
    }

    @Test("a whole map or list given by $ref is followed too")
    func mapsAndLists() throws {
        let contract = try TemporaryContract([
            "api.yaml": """
            openapi: 3.1.0
            info: {title: t, version: '1'}
            paths:
              /a/{id}:
                get:
                  parameters: {$ref: 'parts.yaml#/parameters'}
                  responses: {$ref: 'parts.yaml#/responses'}
            """,
            "parts.yaml": """
            parameters:
              - {name: id, in: path, required: true, schema: {type: integer}}
            responses:
              '200': {description: ok}
            """,
        ])
        let result = contract.load()
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let operation = try #require(result.document?.operations.first)
        #expect(operation.parameters.map(\.name) == ["id"])
        #expect(operation.responses.map(\.description) == ["ok"])
        #expect(result.diagnostics.filter { $0.code == "ref.placement" }.count == 2)
    }

    static let loadBalancers = Corpus.packageRoot.appendingPathComponent(
        "Tests/Fixtures/contracts/schema-maps/load-balancers.yaml")

    @Test("a map of property schemas given by $ref is read as the map it names, with one warning")
    func schemaMapByReference() throws {
        let result = ContractLoader(rootDirectory: Corpus.packageRoot).load(Self.loadBalancers)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        #expect(result.diagnostics.count == 2, "\(result.diagnostics)")
        let warning = try #require(result.diagnostics.first { $0.message.contains("map of schemas") })
        #expect(warning.code == "ref.placement")
        #expect(
            warning.message
                == "OpenAPI 3.0.3 does not allow $ref in place of a map of schemas; it is followed here and in 2 other "
                + "places, but tools that read the specification strictly reject it")
        #expect(warning.location.file.hasSuffix("schema-maps/load-balancers.yaml"))
        #expect(warning.location.position.line == 22)
        // Every stage reads the expanded map: the compiled schemas of the body and of the answer.
        let document = try #require(result.document)
        let body = try #require(document.operation(id: "addDroplets")?.requestBody?.content.first?.schema)
        let compiledBody = try document.compiledSchemas.compiled(body)
        #expect(compiledBody.isValid(["droplet_ids": [1, 2]]))
        let errors = compiledBody.validate(["droplet_ids": ["1"]])
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.instancePath.description == "$.droplet_ids[0]")
        #expect(!compiledBody.isValid(["tag": "web"]), "droplet_ids is required")
        let answer = try #require(document.operation(id: "getLoadBalancer")?.response(for: 200)?.content.first?.schema)
        let compiledAnswer = try document.compiledSchemas.compiled(answer)
        let id = "8d3e5c1a-2f4b-4c6d-9e8f-0a1b2c3d4e5f"
        #expect(compiledAnswer.isValid(["id": .string(id), "droplet_ids": [3], "tag": "web"]))
        #expect(!compiledAnswer.isValid(["id": .string(id), "droplet_ids": [3], "tag": 7]))
    }

    @Test("a map given by a $ref that leads nowhere is an error at the $ref")
    func schemaMapReferenceThatDoesNotResolve() throws {
        let contract = try TemporaryContract([
            "api.yaml": """
            openapi: 3.0.3
            info: {title: t, version: '1'}
            paths: {}
            components:
              schemas:
                Pet:
                  type: object
                  properties:
                    $ref: 'attributes.yml#/missing'
                Owner:
                  type: object
                  properties:
                    $ref: 'attributes.yml#/name/name/type'
            """,
            "attributes.yml": "name:\n  name: {type: string}\n",
        ])
        let errors = contract.messages().filter { $0.contains("error:") }
        #expect(
            errors.first?.hasPrefix("api.yaml:9:9: error: $ref 'attributes.yml#/missing' names nothing in ") == true,
            "\(errors)")
        #expect(
            errors.contains(
                "api.yaml:13:9: error: a $ref in place of 'properties' must lead to an object of schemas, found "
                    + "the string 'string'; point it at the map itself [schema.ref]"),
            "\(errors)")
    }

    @Test("3.1: a property named $ref whose schema is an object stays a property")
    func propertyNamedReference() throws {
        let contract = try TemporaryContract([
            "api.yaml": """
            openapi: 3.1.0
            info: {title: t, version: '1'}
            paths: {}
            components:
              schemas:
                Link:
                  type: object
                  properties:
                    $ref: {type: string}
            """
        ])
        let result = contract.load()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let document = try #require(result.document)
        let link = try #require(document.schemas["Link"])
        let compiled = try document.compiledSchemas.compiled(link)
        #expect(compiled.isValid(["$ref": "#/a"]))
        #expect(!compiled.isValid(["$ref": 1]))
    }

    @Test("an example's value given by $ref is the file it names, with one warning")
    func exampleValueByReference() throws {
        let result = ContractLoader(rootDirectory: Corpus.packageRoot).load(Self.loadBalancers)
        let answer = try #require(result.document?.operation(id: "getLoadBalancer")?.response(for: 200)?.content.first)
        let example = try #require(answer.examples.first)
        #expect(example.name == "web")
        #expect(example.value?["tag"] == "prod:web")
        #expect(example.value?["droplet_ids"] == [3_164_444, 3_164_445])
        #expect(example.location.file.hasSuffix("schema-maps/examples/load_balancer.json"))
        #expect(example.location.position.line == 1)
        let warning = try #require(result.diagnostics.first { $0.message.contains("example value") })
        #expect(
            warning.message
                == "OpenAPI 3.0.3 does not allow $ref in place of an example value; it is followed here, but tools "
                + "that read the specification strictly reject it")
        #expect(warning.location.position.line == 40)
    }

    @Test("an example's $ref that names a broken file leaves the example out, saying why")
    func exampleValueReferenceThatDoesNotResolve() throws {
        let contract = try TemporaryContract([
            "api.yaml": """
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
                          schema: {type: object, required: [name]}
                          example:
                            $ref: examples/pet.json
                        text/plain:
                          schema: {type: string}
                          examples:
                            missing: {value: {$ref: 'examples/missing.txt'}}
            """,
            "examples/pet.json": "{\n  \"name\": \"Rex\",\n}\n",
        ])
        let result = contract.load()
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let content = try #require(result.document?.operations.first?.response(for: 200)?.content)
        #expect(content.allSatisfy { $0.examples.isEmpty }, "\(content.map(\.examples))")
        let messages = contract.messages()
        #expect(messages.count == 2, "\(messages)")
        let broken = try #require(messages.first)
        #expect(
            broken.hasPrefix(
                "api.yaml:13:17: warning: the example's value is a $ref, read as the file or value it names, but "
                    + "$ref 'examples/pet.json': "), "\(broken)")
        #expect(
            broken.hasSuffix(
                "examples/pet.json:3:1: invalid JSON: expected a quoted key, found '}'; the example is left out "
                    + "[example.ref]"), "\(broken)")
        let missing = try #require(messages.last)
        #expect(missing.hasPrefix("api.yaml:17:35: warning: the example's value is a $ref"), "\(missing)")
        #expect(missing.contains("examples/missing.txt"), "\(missing)")
        // Not reported again as literal data that does not match the schema.
        #expect(!messages.contains { $0.contains("example.invalid") })
    }
}
