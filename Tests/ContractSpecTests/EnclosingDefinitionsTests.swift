import ContractJSON
import Testing

@testable import ContractSpec

/// A schema generated on its own and pasted into a description with its `$defs` (Mistral's speech stream):
/// its `#/$defs/…` pointers name nothing from the document's root and are read from the schema around them.
@Suite("$refs to an enclosing schema's $defs")
struct EnclosingDefinitionsTests {
    static let contract = """
        openapi: 3.1.0
        info: {title: Speech, version: '1'}
        paths:
          /speech:
            post:
              responses:
                '200':
                  description: The stream's events.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [event, data]
                        properties:
                          event: {$ref: '#/$defs/EventType'}
                          data:
                            oneOf: [{$ref: '#/$defs/Delta'}, {$ref: '#/$defs/Done'}]
                            discriminator:
                              propertyName: type
                              mapping: {delta: '#/$defs/Delta', done: '#/$defs/Done'}
                        $defs:
                          EventType: {enum: [speech.delta, speech.done]}
                          Delta:
                            type: object
                            required: [type, audio]
                            properties: {type: {const: delta}, audio: {type: string}}
                          Done:
                            type: object
                            required: [type]
                            properties: {type: {const: done}, usage: {$ref: '#/$defs/Usage'}}
                          Usage: {type: object, properties: {tokens: {type: integer}}}
        """

    @Test("read from the enclosing schema, with one warning; the schema validates as its author meant")
    func readFromTheEnclosingSchema() throws {
        let contract = try TemporaryContract(["api.yaml": Self.contract])
        let schema = "#/paths/~1speech/post/responses/200/content/application~1json/schema"
        #expect(
            contract.messages() == [
                "api.yaml:15:27: warning: '#/$defs/EventType' names nothing from the document's root; it is read "
                    + "from the schema around it that holds it ('\(schema)/$defs/EventType') and in 4 other places; "
                    + "give that schema an $id, or move its $defs to the components, for tools that resolve it as "
                    + "written [ref.enclosing-defs]"
            ])
        let result = contract.load()
        let compiled = try #require(result.document).compiledSchemas.compiled(
            inFile: try #require(result.files.first).uri,
            at: try #require(JSONPointer(fragment: schema)))
        #expect(compiled.isValid(["event": "speech.delta", "data": ["type": "delta", "audio": "UklG"]]))
        #expect(compiled.isValid(["event": "speech.done", "data": ["type": "done", "usage": ["tokens": 7]]]))
        #expect(!compiled.isValid(["event": "speech.done", "data": ["type": "done", "usage": ["tokens": "7"]]]))
        #expect(!compiled.isValid(["event": "speech.start", "data": ["type": "done"]]))
        #expect(!compiled.isValid(["event": "speech.delta", "data": ["type": "delta"]]))
    }

    @Test("a pointer that names nothing anywhere is still an error, and one under an $id is left to it")
    func otherPointersAreUntouched() throws {
        let missing = try TemporaryContract([
            "api.yaml": Self.contract.replacingOccurrences(of: "{$ref: '#/$defs/Usage'}", with: "{$ref: '#/$defs/Use'}")
        ])
        #expect(
            missing.load().diagnostics.filter { $0.severity == .error }.map(\.code) == ["ref.unresolved"])
        let identified = try TemporaryContract([
            "api.yaml": Self.contract.replacingOccurrences(
                of: "required: [event, data]", with: "required: [event, data]\n                    $id: 'https://example.com/speech'")
        ])
        let result = identified.load()
        #expect(result.diagnostics.filter { $0.code.hasPrefix("ref.") }.isEmpty, "\(result.diagnostics)")
    }
}
