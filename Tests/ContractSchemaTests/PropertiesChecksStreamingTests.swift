import ContractJSON
import ContractSchema
import Testing

/// The streaming validator counts what an object's schemas file before reading it: the first `properties`
/// check is asked directly for every member, the others (through `allOf` and `$ref`) after it in order,
/// and the count and `required` passes run only when some schema has them. Every combination must keep
/// the tree's verdict.
@Suite("Objects with several properties checks, from bytes")
struct PropertiesChecksStreamingTests {
    static let schema: JSONValue = [
        "type": "object",
        "properties": ["id": ["type": "integer", "readOnly": true], "name": ["type": "string", "maxLength": 4]],
        "allOf": [
            [
                "properties": ["name": ["pattern": "^[a-z]+$"], "tag": ["type": "string"]],
                "patternProperties": ["^x-": ["type": "integer"]],
                "additionalProperties": false,
                "required": ["name"],
            ],
            ["properties": ["tag": ["minLength": 2], "secret": ["writeOnly": true]], "maxProperties": 3],
        ],
        "minProperties": 1,
    ]

    static let alone: JSONValue = [
        "properties": ["a": ["type": "integer"]],
        "additionalProperties": ["type": "string"],
    ]

    @Test(
        "verdicts equal parse-then-validate",
        arguments: [
            #"{"name":"ab"}"#, #"{"name":"abcde"}"#, #"{"name":"Ab"}"#, #"{"name":"ab","tag":"t"}"#,
            #"{"name":"ab","tag":"tt"}"#, #"{"name":"ab","x-n":1}"#, #"{"name":"ab","x-n":"1"}"#,
            #"{"name":"ab","other":1}"#, #"{"id":1,"name":"ab"}"#, #"{"id":"1","name":"ab"}"#, #"{}"#,
            #"{"tag":"tt"}"#, #"{"name":"ab","tag":"tt","x-a":1,"x-b":2}"#, #"{"name":"ab","secret":1}"#,
            #"{"n\u0061me":"\u0061b"}"#, #"{"name":"é"}"#, #"{"name":"ab","name":"Ab"}"#, #"[]"#,
        ])
    func severalChecks(text: String) throws {
        let schema = try CompiledSchema(schema: Self.schema)
        let disagreeing = try [ValidationContext.none, .request, .response].filter { context in
            let verdicts = try StreamingValidationTests.verdicts(schema, text, context: context)
            return verdicts.streamed != verdicts.tree
        }
        #expect(disagreeing.isEmpty)
    }

    @Test(
        "one properties check without counts or required",
        arguments: [#"{}"#, #"{"a":1}"#, #"{"a":"1"}"#, #"{"b":"x"}"#, #"{"b":2}"#, #"{"a":1,"b":"x","c":"y"}"#])
    func oneCheck(text: String) throws {
        let verdicts = try StreamingValidationTests.verdicts(try CompiledSchema(schema: Self.alone), text)
        #expect(verdicts.streamed == verdicts.tree)
    }
}
