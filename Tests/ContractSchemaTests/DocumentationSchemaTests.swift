import ContractJSON
import ContractSchema
import Foundation
import Testing

/// Docs/ContractSchema.md's example, as written there.
@Suite struct DocumentationSchemaTests {
    @Test func theDocumentedCallsValidate() throws {
        let document = try JSONParser.parse(
            #"{"components":{"schemas":{"Pet":{"type":"object","required":["name"],"properties":{"name":{"type":"string"}}}}}}"#
        )
        let componentSchemaPointers = [JSONPointer(tokens: ["components", "schemas", "Pet"])]
        let instance = try JSONParser.parse(#"{"name":42}"#)
        let bodyBytes = Array(#"{"name":"Biscuit"}"#.utf8)

        var registry = SchemaRegistry()
        registry.add(
            document, uri: "file:///abs/contracts/api.json", dialect: .oas30, displayPath: "contracts/api.json",
            schemaRoots: componentSchemaPointers)
        let pet = try CompiledSchema(registry: registry, uri: "file:///abs/contracts/api.json#/components/schemas/Pet")
        let fast = pet.isValid(instance, context: .request)  // fast, builds nothing
        let streamed = try pet.isValid(json: bodyBytes, context: .request)  // validates as it reads the bytes
        let errors = pet.validate(instance, context: .response)  // [SchemaValidationError]
        print(errors.map(\.description))  // expected string, got integer 42 (#/components/schemas/Pet/properties/name/type)

        #expect(!fast)
        #expect(streamed)
        #expect(errors.count == 1)
        #expect(errors.first?.description.contains("expected string, got integer 42") == true)
    }
}
