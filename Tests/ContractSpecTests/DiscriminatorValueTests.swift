import ContractJSON
import ContractSchema
import ContractTestSupport
import Foundation
import Testing

@testable import ContractSpec

/// A `discriminator` without `mapping` whose branches name their own values (`role: {enum: [user]}`):
/// messages list those values, and a value selects the branch that declares it.
@Suite("Discriminator values from the branches' own enum and const")
struct DiscriminatorValueTests {
    static let chat = Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/contracts/chat.yaml")

    static func message() throws -> CompiledSchema {
        let document = try #require(ContractLoader(rootDirectory: Corpus.packageRoot).load(chat).document)
        return try document.compiledSchemas.compiled(at: document.file.uri + "#/components/schemas/ChatMessage")
    }

    @Test("an unknown value is reported with the values that work, not the component names")
    func unknownValueNamesTheValues() throws {
        let errors = try Self.message().validate(["role": "wizard", "content": "abracadabra"])
        #expect(errors.map(\.keyword) == ["discriminator"])
        #expect(
            errors.first?.message
                == #"expected role one of "LegacyMessage", "assistant", "developer", "system", "user", got string "wizard""#
        )
    }

    @Test("a known value selects its branch, whose own errors are reported")
    func knownValueSelectsItsBranch() throws {
        let schema = try Self.message()
        #expect(schema.isValid(["role": "user", "content": "hi"]))
        #expect(schema.isValid(["role": "developer", "content": "be brief"]))
        #expect(schema.isValid(["role": "assistant", "content": nil]))
        let user = schema.validate(["role": "user"])
        #expect(user.first?.mostRelevant.message == #"expected required property "content", got object without it"#)
        #expect(user.first?.branches.map(\.schemaLocation.fragment) == ["#/components/schemas/UserMessage"])
        let assistant = schema.validate(["role": "assistant", "tool_calls": [["type": "function"]]])
        #expect(assistant.first?.branches.map(\.schemaLocation.fragment) == ["#/components/schemas/AssistantMessage"])
        // The component name still selects a branch without values of its own.
        let legacy = schema.validate(["role": "LegacyMessage"])
        #expect(legacy.first?.mostRelevant.message == #"expected required property "text", got object without it"#)
        let missing = schema.validate(["content": "hi"])
        #expect(
            missing.first?.message
                == #"expected property "role" naming the schema (one of "LegacyMessage", "assistant", "developer", "system", "user"), got object without it"#
        )
        // A value the branch does not list is not made valid by the discriminator.
        #expect(!schema.isValid(["role": "SystemMessage", "content": "x"]))
    }

    @Test("per branch, the values that select it")
    func branchValues() throws {
        #expect(
            try Self.message().discriminatorValues(of: "oneOf") == [
                ["system", "developer"], ["user"], ["assistant"], ["LegacyMessage"],
            ])
        #expect(try Self.message().discriminatorValues(of: "anyOf") == nil)
    }

    @Test("3.1: const and mapping")
    func constAndMapping() throws {
        let schema: JSONValue = [
            "$defs": [
                "Tool": ["type": "object", "properties": ["type": ["const": "tool"]], "required": ["type", "id"]],
                "Text": ["type": "object", "properties": ["type": ["type": "string"]], "required": ["type", "text"]],
            ],
            "oneOf": [["$ref": "#/$defs/Tool"], ["$ref": "#/$defs/Text"]],
            "discriminator": ["propertyName": "type", "mapping": ["plain": "#/$defs/Text"]],
        ]
        let compiled = try CompiledSchema(schema: schema)
        #expect(compiled.discriminatorValues(of: "oneOf") == [["tool"], ["plain"]])
        #expect(compiled.validate(["type": "x"]).first?.message == #"expected type one of "plain", "tool", got string "x""#)
        #expect(
            compiled.validate(["type": "tool"]).first?.mostRelevant.message == #"expected required property "id", got object without it"#)
    }
}
