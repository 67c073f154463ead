import ContractJSON
import Foundation
import Testing

@testable import ContractSpec

@Suite("One model for every version")
struct NormalisationTests {
    @Test("Swagger 2.0: host/basePath become servers, body and formData become request bodies, produces become media types")
    func swagger2() throws {
        let contract = try TemporaryContract([
            "api.yaml": """
            swagger: '2.0'
            info: {title: Pets, version: '1'}
            host: api.example.com
            basePath: /v1
            schemes: [https, http]
            consumes: [application/json]
            produces: [application/json, application/xml]
            definitions:
              Pet:
                type: object
                properties: {name: {type: string}}
            paths:
              /pets:
                post:
                  operationId: createPet
                  parameters:
                    - {name: body, in: body, required: true, schema: {$ref: '#/definitions/Pet'}}
                    - {name: tags, in: query, type: array, items: {type: string}, collectionFormat: pipes}
                  responses:
                    '201':
                      description: created
                      schema: {$ref: '#/definitions/Pet'}
                      headers:
                        X-Rate: {type: integer}
              /pets/{id}/photo:
                post:
                  operationId: uploadPhoto
                  consumes: [multipart/form-data]
                  parameters:
                    - {name: id, in: path, required: true, type: integer, format: int64}
                    - {name: file, in: formData, required: true, type: file}
                    - {name: caption, in: formData, type: string}
                  responses:
                    default: {description: error}
            """
        ])
        let result = contract.load()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let document = try #require(result.document)
        #expect(document.servers.map(\.url) == ["https://api.example.com/v1", "http://api.example.com/v1"])
        let create = try #require(document.operation(id: "createPet"))
        #expect(create.requestBody?.required == true)
        #expect(create.requestBody?.content.map(\.name) == ["application/json"])
        #expect(create.requestBody?.content.first?.schema?.value["$ref"] == "#/definitions/Pet")
        #expect(create.parameters.map(\.name) == ["tags"])
        #expect(create.parameters.first?.style == "pipeDelimited")
        #expect(create.parameters.first?.schema?.value == ["type": "array", "items": ["type": "string"]])
        let created = try #require(create.response(for: 201))
        #expect(created.content.map(\.name) == ["application/json", "application/xml"])
        #expect(created.headers.first?.schema?.value == ["type": "integer"])
        let upload = try #require(document.operation(id: "uploadPhoto"))
        #expect(upload.requestBody?.content.map(\.name) == ["multipart/form-data"])
        #expect(
            upload.requestBody?.content.first?.schema?.value == [
                "type": "object",
                "properties": ["file": ["type": "string", "format": "binary"], "caption": ["type": "string"]],
                "required": ["file"],
            ])
        #expect(upload.response(for: 500)?.status == .default)
    }

    @Test("a 3.0 schema's value is its normalised form, also after its place changes; setting a value replaces it")
    func normalisedValueOnDemand() throws {
        let contract = try TemporaryContract([
            "api.yaml": """
            openapi: 3.0.3
            info: {title: t, version: '1'}
            paths:
              /a:
                get:
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema: {type: string, nullable: true, maximum: 3, exclusiveMaximum: true}
            """
        ])
        var schema = try #require(contract.load().document?.operations.first?.responses.first?.content.first?.schema)
        let normalised: JSONValue = ["type": ["string", "null"], "exclusiveMaximum": 3]
        #expect(schema.value == normalised)
        schema.location = SourceLocation(file: "elsewhere.yaml", position: SourcePosition(line: 1, column: 1))
        schema.pointer = JSONPointer(tokens: ["x"])
        #expect(schema.value == normalised)
        schema.value = ["type": "integer"]
        #expect(schema.value == ["type": "integer"])
    }

    @Test("3.x: path-item parameters merge with operation parameters; the operation wins")
    func parameterMerge() throws {
        let contract = try TemporaryContract([
            "api.yaml": openAPI31(
                paths: """
                      /pets/{id}:
                        parameters:
                          - {name: id, in: path, required: true, schema: {type: string}}
                          - {name: verbose, in: query, schema: {type: boolean}}
                        get:
                          parameters:
                            - {name: verbose, in: query, required: true, schema: {type: integer}}
                          responses: {'2XX': {description: ok}, default: {description: error}}
                    """)
        ])
        let result = contract.load()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let operation = try #require(result.document?.operations.first)
        #expect(operation.parameters.map(\.name) == ["id", "verbose"])
        #expect(operation.parameters.last?.required == true)
        #expect(operation.parameters.last?.explode == true)
        #expect(operation.response(for: 204)?.status == .range(2))
        #expect(operation.response(for: 404)?.status == .default)
    }

    @Test("path keys with a #fragment name the same URL template")
    func fragmentPaths() {
        #expect(PathTemplate("/files/{file_id}#get_shared_link").text == "/files/{file_id}")
        #expect(PathTemplate("/a/{x}.{ext}").variables == ["x", "ext"])
        #expect(PathTemplate("/a/{x}").shape == PathTemplate("/a/{y}").shape)
    }
}
