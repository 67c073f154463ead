import ContractJSON
import ContractSchema
import ContractTestSupport
import Foundation
import Testing

@testable import ContractSpec

/// The structural rules are this project's own code; here they are held against the OpenAPI
/// Initiative's official JSON Schemas for 3.0 and 3.1, run through the project's validator, on the
/// example documents, the schema fixtures, and mutations of them. (The 2.0 schema `$ref`s the draft-04
/// meta-schema, which the corpora do not ship, so 2.0 is not cross-checked here.)
@Suite("Structural rules against the official OpenAPI schemas", .corpus("openapi-examples"))
struct OfficialSchemaCrossCheckTests {
    /// Diagnostics that the official schemas have no way to express: they come from the
    /// specification's text (semantics, references), not from its JSON Schema.
    static func isStructural(_ diagnostic: Diagnostic) -> Bool {
        guard diagnostic.severity == .error else { return false }
        let semantic = [
            "ref.", "paths.parameter-", "operation.duplicate-id", "security.undeclared", "schema.compile",
            "server.variable",
        ]
        return !semantic.contains { diagnostic.code.hasPrefix($0) }
    }

    static let official: (v30: CompiledSchema, v31: CompiledSchema)? = {
        let folder = Corpus.root.appendingPathComponent("openapi-examples/schemas")
        guard let v30 = try? DocumentReader.read(url: folder.appendingPathComponent("v3.0/schema.2024-10-18.json"), path: "3.0").value,
            let v31 = try? DocumentReader.read(url: folder.appendingPathComponent("v3.1/schema.2025-11-23.json"), path: "3.1").value
        else { return nil }
        var registry = SchemaRegistry()
        registry.add(v30, uri: "https://spec.openapis.org/oas/3.0/schema/2024-10-18", dialect: .draft4)
        registry.add(v31, uri: "https://spec.openapis.org/oas/3.1/schema/2025-11-23", dialect: .draft2020_12)
        let options = SchemaCompileOptions(assertsFormats: false)
        guard
            let compiled30 = try? CompiledSchema(
                registry: registry, uri: "https://spec.openapis.org/oas/3.0/schema/2024-10-18", options: options),
            let compiled31 = try? CompiledSchema(
                registry: registry, uri: "https://spec.openapis.org/oas/3.1/schema/2025-11-23", options: options)
        else { return nil }
        return (compiled30, compiled31)
    }()

    /// 3.0 and 3.1 documents of the corpora: the examples and the 3.1 schema fixtures.
    static let documents: [URL] = {
        let examples =
            (Corpus.files(in: "openapi-examples/examples/v3.0", withExtension: "yaml")
                + Corpus.files(in: "openapi-examples/examples/v3.1", withExtension: "yaml"))
        let fixtures = Corpus.files(in: "openapi-examples/schema-fixtures/v3.1", withExtension: "yaml")
        return examples + fixtures
    }()

    struct Verdicts {
        var official: Bool
        var ours: Bool
        var ourErrors: [String]
    }

    func verdicts(for document: JSONValue) throws -> Verdicts {
        let schemas = try #require(Self.official)
        let is31 = document["openapi"]?.stringValue?.hasPrefix("3.1") == true
        let official = (is31 ? schemas.v31 : schemas.v30).isValid(document)
        let contract = try TemporaryContract(["api.json": JSONWriter.string(from: document)])
        let result = ContractLoader(rootDirectory: contract.folder).load(contract.url("api.json"), checks: [])
        let structural = result.diagnostics.filter(Self.isStructural)
        return Verdicts(official: official, ours: structural.isEmpty, ourErrors: structural.map(\.description))
    }

    @Test("the 3.0 and 3.1 example documents and every 3.1 schema fixture are there")
    func counts() {
        #expect(Self.documents.count >= 55)
    }

    @Test("documents: our verdict is the official schema's", arguments: documents)
    func document(url: URL) throws {
        let value = try DocumentReader.read(url: url, path: url.lastPathComponent).value
        let verdicts = try verdicts(for: value)
        let expectedValid = !url.path.contains("/fail/")
        #expect(verdicts.official == expectedValid, "the official schema's verdict on \(url.lastPathComponent)")
        #expect(verdicts.ours == verdicts.official, "\(url.lastPathComponent): \(verdicts.ourErrors)")
    }

    /// Each mutation breaks one rule the official schemas encode.
    static let mutations: [(name: String, apply: @Sendable (JSONValue) -> JSONValue?)] = [
        ("remove info.title", { $0.setting(nil, at: ["info", "title"]) }),
        ("unknown top-level field", { $0.setting(1, at: ["bogus"]) }),
        ("servers as an object", { $0.setting(["url": "/"], at: ["servers"]) }),
        ("info as a string", { $0.setting("x", at: ["info"]) }),
        (
            "a path key without a slash",
            { document in
                guard let paths = document["paths"]?.objectValue, let first = paths.members.first else { return nil }
                return document.setting(nil, at: ["paths", first.key]).setting(first.value, at: ["paths", "nope"])
            }
        ),
        (
            "an unknown field on an operation",
            { document in
                guard let (path, method) = firstOperation(document) else { return nil }
                return document.setting(true, at: ["paths", path, method, "bogusField"])
            }
        ),
        (
            "a response key that is not a status",
            { document in
                guard let (path, method) = firstOperation(document),
                    let first = document["paths"]?[path]?[method]?["responses"]?.objectValue?.members.first
                else { return nil }
                return document.setting(first.value, at: ["paths", path, method, "responses", "20X"])
            }
        ),
        (
            "a parameter in: body",
            { document in
                guard let (path, method) = firstOperation(document),
                    case .array(let parameters)? = document["paths"]?[path]?[method]?["parameters"],
                    parameters.first?.objectValue?["$ref"] == nil,
                    !parameters.isEmpty
                else { return nil }
                return document.setting("body", at: ["paths", path, method, "parameters", "0", "in"])
            }
        ),
        (
            "a required field of a response removed",
            { document in
                guard let (path, method) = firstOperation(document),
                    let first = document["paths"]?[path]?[method]?["responses"]?.objectValue?.members.first, first.value["$ref"] == nil
                else { return nil }
                return document.setting(nil, at: ["paths", path, method, "responses", first.key, "description"])
            }
        ),
    ]

    static func firstOperation(_ document: JSONValue) -> (String, String)? {
        for member in document["paths"]?.objectValue?.members ?? [] {
            for method in ["get", "put", "post", "delete", "patch"] where member.value[method] != nil {
                return (member.key, method)
            }
        }
        return nil
    }

    @Test("mutations: every broken document is rejected by both, or by neither")
    func mutationsAgree() throws {
        var compared = 0
        var disagreements: [String] = []
        for url in Self.documents where !url.path.contains("/fail/") {
            let base = try DocumentReader.read(url: url, path: url.lastPathComponent).value
            for mutation in Self.mutations {
                guard let mutated = mutation.apply(base) else { continue }
                let verdicts = try verdicts(for: mutated)
                compared += 1
                if verdicts.official != verdicts.ours {
                    disagreements.append(
                        "\(url.lastPathComponent) / \(mutation.name): official \(verdicts.official), ours \(verdicts.ours) \(verdicts.ourErrors)"
                    )
                }
            }
        }
        print("official-schema cross-check: \(compared) mutated documents, \(disagreements.count) disagreements")
        // The figure the README quotes: each mutation that applies to a document, over every document.
        #expect(compared >= 244)
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }
}

extension JSONValue {
    /// A copy with the value at `tokens` replaced (`nil` removes it); missing objects on the way are created.
    func setting(_ value: JSONValue?, at tokens: [String]) -> JSONValue {
        guard let first = tokens.first else { return value ?? .null }
        let rest = Array(tokens.dropFirst())
        switch self {
        case .array(var elements):
            guard let index = Int(first), elements.indices.contains(index) else { return self }
            if rest.isEmpty, value == nil {
                elements.remove(at: index)
            } else {
                elements[index] = elements[index].setting(value, at: rest)
            }
            return .array(elements)
        default:
            var object = objectValue ?? JSONObject()
            if rest.isEmpty {
                object[first] = value
            } else {
                object[first] = (object[first] ?? .object(JSONObject())).setting(value, at: rest)
            }
            return .object(object)
        }
    }
}
