import ContractJSON
import Foundation
import Testing

@testable import ContractSpec

@Suite("$ref resolution")
struct ReferenceTests {
    @Test("local refs with ~0, ~1 and percent-encoding resolve")
    func escapedPointers() throws {
        let contract = try TemporaryContract([
            "api.yaml": openAPI31(
                paths: """
                      /a~b/{id}:
                        get:
                          parameters:
                            - $ref: '#/components/parameters/id%20param'
                          responses:
                            '200':
                              $ref: '#/components/responses/a~0b~1c'
                    """,
                components: """
                    components:
                      parameters:
                        id param:
                          name: id
                          in: path
                          required: true
                          schema: {type: string}
                      responses:
                        a~b/c:
                          description: ok
                    """)
        ])
        let result = contract.load()
        let errors = result.diagnostics.filter { $0.severity == .error && $0.code != "components.name" }
        #expect(errors.isEmpty, "\(errors)")
        let operation = try #require(result.document?.operations.first)
        #expect(operation.parameters.first?.name == "id")
        #expect(operation.responses.first?.description == "ok")
    }

    @Test("two spellings of one target are one component: built once, its problems reported once")
    func spellingsShareATarget() throws {
        let contract = try TemporaryContract([
            "api.yaml": openAPI31(
                paths: getOperation("/a", respondingWith: "#/components/responses/a~1b")
                    + getOperation("/b", respondingWith: "#/components/responses/a%7E1b"),
                components: """
                    components:
                      responses:
                        a/b:
                          description: ok
                          sumary: a misspelled field
                    """)
        ])
        let result = contract.load()
        let unknown = result.diagnostics.filter { $0.code == "structure.unknown-field" }
        #expect(unknown.count == 1, "\(unknown)")
        #expect(result.document?.operations.map { $0.responses.first?.description } == ["ok", "ok"])
    }

    @Test("a loop of $refs between components is reported from each place that enters it, with its length")
    func referenceLoop() throws {
        let contract = try TemporaryContract([
            "api.yaml": openAPI31(
                paths: getOperation("/a", respondingWith: "#/components/responses/A"),
                components: """
                    components:
                      responses:
                        A: {$ref: '#/components/responses/B'}
                        B: {$ref: '#/components/responses/A'}
                    """)
        ])
        let cycles = contract.load().diagnostics.filter { $0.code == "ref.cycle" }.map(\.message)
        // The operation's response enters through A (three references: the response's, A's, B's); the
        // components A and B are each built too, and each meets itself again after two.
        #expect(
            cycles.sorted() == [
                "circular $ref chain: 2 references lead back to #/components/responses/A without reaching a Response Object",
                "circular $ref chain: 2 references lead back to #/components/responses/B without reaching a Response Object",
                "circular $ref chain: 3 references lead back to #/components/responses/B without reaching a Response Object",
            ], "\(cycles)")
    }

    @Test("relative files and fragments of them resolve, and their locations name the other file")
    func externalFiles() throws {
        let contract = try TemporaryContract([
            "api.yaml": openAPI31(
                paths: """
                      /pets:
                        $ref: './paths/pets.yaml'
                    """),
            "paths/pets.yaml": """
            get:
              operationId: listPets
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema:
                        $ref: '../schemas/pet.yaml#/Pet'
            """,
            "schemas/pet.yaml": """
            Pet:
              type: object
              properties:
                name: {type: string}
            """,
        ])
        let result = contract.load()
        #expect(!result.hasErrors, "\(result.diagnostics)")
        #expect(result.files.count == 3)
        let operation = try #require(result.document?.operation(id: "listPets"))
        #expect(operation.location.file.hasSuffix("paths/pets.yaml"))
        #expect(operation.location.position == SourcePosition(line: 1, column: 1))
    }

    @Test("one $ref text written in two files leads to each file's own target; a broken one is reported where written")
    func repeatedReferenceTexts() throws {
        let elsewhere = """
              /c:
                $ref: './other.yaml#/paths/~1c'

            """
        let contract = try TemporaryContract([
            "api.yaml": openAPI31(
                paths: getOperation("/a", respondingWith: "#/components/responses/R")
                    + getOperation("/b", respondingWith: "#/components/responses/R") + elsewhere
                    + getOperation("/d", respondingWith: "#/components/responses/Missing")
                    + getOperation("/e", respondingWith: "#/components/responses/Missing"),
                components: """
                    components:
                      responses:
                        R:
                          description: from api.yaml
                    """),
            "other.yaml": """
            paths:
              /c:
                get:
                  responses:
                    '200': {$ref: '#/components/responses/R'}
            components:
              responses:
                R:
                  description: from other.yaml
            """,
        ])
        let result = contract.load()
        let descriptions = result.document?.operations.map { "\($0.path) \($0.responses.first?.description ?? "-")" }
        #expect(descriptions == ["/a from api.yaml", "/b from api.yaml", "/c from other.yaml", "/d -", "/e -"])
        let unresolved = result.diagnostics.filter { $0.code == "ref.unresolved" }.map(\.location.position.line)
        #expect(unresolved.count == 2 && Set(unresolved).count == 2, "\(result.diagnostics)")
    }

    @Test("a $ref to a missing target names the file, line and column of the $ref")
    func missingTarget() throws {
        let contract = try TemporaryContract([
            "api.yaml": openAPI31(
                components: """
                    components:
                      schemas:
                        Pet:
                          type: object
                        Owner:
                          properties:
                            pet:
                              $ref: '#/components/schemas/Pett'
                    """)
        ])
        #expect(
            contract.messages() == [
                "api.yaml:14:11: error: $ref '#/components/schemas/Pett' names nothing in \(contract.url("api.yaml").path); did you mean 'Pet'? [ref.unresolved]"
            ])
    }

    @Test("remote refs are refused with an offline explanation")
    func remote() throws {
        let contract = try TemporaryContract([
            "api.yaml": openAPI31(components: "components:\n  schemas:\n    Pet:\n      $ref: 'https://example.com/pet.json'\n")
        ])
        let messages = contract.messages()
        #expect(messages.count == 1)
        #expect(messages.first?.contains("remote $ref 'https://example.com/pet.json' is not fetched (contract checks run offline)") == true)
    }

    @Test("the remote schemes are recognised in any case, and only they")
    func remoteSchemeCase() throws {
        for (reference, code) in [
            ("HTTPS://example.com/pet.json", "ref.remote"), ("Http://example.com/pet.json", "ref.remote"),
            ("httpx://example.com/pet.json", "ref.unsupported"), ("http\\u001A//example.com", "ref.file"),
        ] {
            let contract = try TemporaryContract([
                "api.yaml": openAPI31(components: "components:\n  schemas:\n    Pet:\n      $ref: \"\(reference)\"\n")
            ])
            let codes = contract.load().diagnostics.map(\.code)
            #expect(codes == [code], "\(reference): \(codes)")
        }
    }

    @Test("refs that leave the contract folder are refused")
    func escapes() throws {
        let contract = try TemporaryContract([
            "api.yaml": openAPI31(components: "components:\n  schemas:\n    Pet:\n      $ref: '../../../etc/passwd'\n")
        ])
        let messages = contract.messages()
        #expect(messages.count == 1)
        #expect(messages.first?.contains("leaves the contract folder") == true)
    }

    @Test("a cyclic schema (a tree of Node) loads and stays usable")
    func cyclicSchema() throws {
        let contract = try TemporaryContract([
            "api.yaml": openAPI31(
                paths: """
                      /tree:
                        get:
                          responses:
                            '200':
                              description: ok
                              content:
                                application/json:
                                  schema: {$ref: '#/components/schemas/Node'}
                    """,
                components: """
                    components:
                      schemas:
                        Node:
                          type: object
                          properties:
                            children:
                              type: array
                              items: {$ref: '#/components/schemas/Node'}
                    """)
        ])
        let result = contract.load()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let schema = try #require(result.document?.operations.first?.responses.first?.content.first?.schema)
        #expect(schema.value["$ref"]?.stringValue == "#/components/schemas/Node")
        #expect(result.document?.schemas["Node"] != nil)
    }
}

/// The `paths` lines of a GET at `path` whose 200 response is the Reference Object `reference`.
private func getOperation(_ path: String, respondingWith reference: String) -> String {
    """
      \(path):
        get:
          responses:
            '200': {$ref: '\(reference)'}

    """
}
