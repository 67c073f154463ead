import ContractJSON
import Foundation
import Testing

@testable import ContractSpec

/// Pointers written into a document as if its `$ref`s were resolved (`…/items/allOf/0` where `items` is
/// `{$ref: …}`), as PagerDuty's discriminator mappings are, lead where reference-resolving tools take them.
@Suite("JSON pointers that pass through $refs")
struct PointerThroughReferenceTests {
    static let document = """
        openapi: 3.0.3
        info: {title: t, version: '1'}
        paths:
          /fields:
            get:
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          options: {type: array, items: {$ref: '#/components/schemas/Option'}}
        components:
          schemas:
            Option:
              type: object
              properties:
                data:
                  oneOf:
                    - {type: object, required: [kind, text], properties: {kind: {type: string}, text: {type: string}}}
                    - {type: object, required: [kind, count], properties: {kind: {type: string}, count: {type: integer}}}
                  discriminator:
                    propertyName: kind
                    mapping:
                      text: '#/paths/~1fields/get/responses/200/content/application~1json/schema/properties/options/items/properties/data/oneOf/0'
                      count: '#/components/schemas/Holder/properties/option/properties/data/oneOf/1'
            Holder:
              type: object
              properties:
                option: {$ref: '#/components/schemas/Option'}
            Count:
              $ref: '#/components/schemas/Holder/properties/option/properties/data/oneOf/1'
            Nowhere:
              $ref: '#/components/schemas/Holder/properties/option/properties/missing'
        """

    @Test("a $ref and a discriminator mapping through $refs resolve; one that names nothing is still an error")
    func throughReferences() throws {
        let contract = try TemporaryContract(["api.yaml": Self.document])
        let result = contract.load()
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.code == "ref.unresolved")
        #expect(errors.first?.location.position.line == 36)
        let document = try #require(result.document)
        // The $ref through Holder's option reaches Option's second branch.
        let count = try document.compiledSchemas.compiled(try #require(document.schemas["Count"]))
        #expect(count.isValid(["kind": "count", "count": 3]))
        #expect(!count.isValid(["kind": "count", "count": "three"]))
        // The mappings pick the branch by kind, through the operation's items and through Holder.
        let option = try document.compiledSchemas.compiled(try #require(document.schemas["Option"]))
        #expect(option.isValid(["data": ["kind": "text", "text": "hello"]]))
        #expect(option.isValid(["data": ["kind": "count", "count": 2]]))
        let wrong = option.validate(["data": ["kind": "count"]])
        #expect(!wrong.isEmpty)
        // The error names the branch the mapping picks.
        #expect(
            wrong.contains {
                $0.description.contains("(kind is \"count\")")
                    && $0.description.contains("expected required property \"count\"")
            }, "\(wrong)")
    }
}
