import ContractJSON
import ContractTestSupport
import Foundation
import Testing

@testable import ContractSpec

/// The OpenAPI Initiative's examples and schema fixtures, and five large real-world documents.
@Suite("Corpus documents")
struct CorpusTests {
    static let examples =
        Corpus.files(in: "openapi-examples/examples", withExtension: "yaml")
        + Corpus.files(in: "openapi-examples/examples", withExtension: "json")
    static let passFixtures = Corpus.files(in: "openapi-examples/schema-fixtures/v3.1/pass", withExtension: "yaml")
    static let failFixtures = Corpus.files(in: "openapi-examples/schema-fixtures/v3.1/fail", withExtension: "yaml")

    /// Diagnostics that the official JSON Schema cannot see but the specification's text forbids. The pass
    /// fixtures are schema fixtures, so a few break these rules; each is named here with the rule it breaks.
    static let knownSemanticFindings: [String: [String]] = [
        // OAS 3.1 §4.8.12.1: path parameters MUST correspond to a template expression; here /pets/{id} declares petId.
        "operation-object-example.yaml": ["paths.parameter-undeclared", "paths.parameter-unused", "security.undeclared"],
        // The fixture refers to a remote document, which this tool never fetches (it runs offline).
        "security-scheme-object-examples.yaml": ["ref.remote"],
    ]

    private func load(_ url: URL) -> ContractLoader.Result {
        ContractLoader(rootDirectory: Corpus.root).load(url)
    }

    /// The example documents: the JSON files that sit beside YAML twins too, and the split petstore's root only.
    static var exampleRoots: [URL] {
        examples.filter { url in
            !url.path.contains("petstore-separate") || url.lastPathComponent.hasPrefix("swagger.")
        }
    }

    @Test("the corpora hold every example document and schema fixture", .corpus("openapi-examples"))
    func counts() {
        // YAML and JSON twins are loaded each; the split petstore only through its root.
        #expect(Self.exampleRoots.count >= 36)
        #expect(Self.passFixtures.count >= 35)
        #expect(Self.failFixtures.count == 11, "every fail fixture must have a named expectation below")
    }

    @Test("every OpenAPI example document loads and lints with no errors", .corpus("openapi-examples"), arguments: exampleRoots)
    func example(url: URL) {
        let result = load(url)
        #expect(result.document != nil)
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map(\.description))")
    }

    @Test("every 3.1 pass fixture loads with no structural errors", .corpus("openapi-examples"), arguments: passFixtures)
    func passFixture(url: URL) {
        let result = load(url)
        #expect(result.document != nil)
        let expected = Set(Self.knownSemanticFindings[url.lastPathComponent] ?? [])
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(Set(errors.map(\.code)) == expected, "\(errors.map(\.description))")
        // OAS 3.1 §4.8.12.2: for in: path, required MUST be true; this fixture omits it, a warning here.
        if url.lastPathComponent == "style-defaults.yaml" {
            #expect(result.diagnostics.contains { $0.code == "parameter.path-required" && $0.severity == .warning })
        }
        for warning in result.diagnostics where warning.severity == .warning {
            print("pass fixture warning: \(warning)")
        }
    }

    @Test(
        "every 3.1 fail fixture is rejected, naming the problem", .corpus("openapi-examples"),
        arguments: [
            ("example-examples.yaml", "may have 'example' or 'examples', not both"),
            ("header-object-allowReserved.yaml", "'allowReserved' is not a field of a Header Object"),
            ("invalid_schema_types.yaml", "a Schema Object must be an object or a boolean, found null"),
            ("link-object-no-body.yaml", "'body' is not a field of a Link Object"),
            ("no_containers.yaml", "needs 'paths', 'components' or 'webhooks'"),
            ("parameter-object-cookie-form-allowReserved.yaml", "'style' must be one of form; found 'cookie'"),
            ("parameter-object-header-allowReserved.yaml", "allowReserved applies only to query parameters"),
            ("parameter-object-path-allowReserved.yaml", "allowReserved applies only to query parameters"),
            ("server_enum_empty.yaml", "a server variable's 'enum' must not be empty"),
            ("servers.yaml", "'servers' must be an array, found an object"),
            ("unknown_container.yaml", "'overlays' is not a field of a OpenAPI Object"),
        ])
    func failFixture(name: String, expectedMessage: String) throws {
        let url = try #require(Self.failFixtures.first { $0.lastPathComponent == name })
        let errors = load(url).diagnostics.filter { $0.severity == .error }
        #expect(errors.contains { $0.message.contains(expectedMessage) }, "\(errors.map(\.description))")
    }

    static let realWorld = [
        "twilio/twilio_api_v2010.yaml", "twilio/twilio_messaging_v1.yaml", "discord/openapi.json", "box/openapi.json",
        "kubernetes/swagger.json", "museum/openapi.yaml",
    ]

    @Test("the real-world documents load with zero errors", .corpus("real-world"), arguments: realWorld)
    func realWorldDocument(path: String) throws {
        let url = Corpus.root.appendingPathComponent("real-world").appendingPathComponent(path)
        let start = ContinuousClock.now
        let result = load(url)
        let elapsed = ContinuousClock.now - start
        let document = try #require(result.document)
        let errors = result.diagnostics.filter { $0.severity == .error }
        let warnings = result.diagnostics.filter { $0.severity == .warning }
        print(
            "real-world \(path): \(document.operations.count) operations, \(errors.count) errors, \(warnings.count) warnings, loaded in \(elapsed)"
        )
        var byCode: [String: Int] = [:]
        for warning in warnings { byCode[warning.code, default: 0] += 1 }
        for (code, count) in byCode.sorted(by: { $0.key < $1.key }) { print("  \(count) × \(code)") }
        #expect(errors.isEmpty, "\(errors.prefix(5).map(\.description))")
        #expect(document.operations.count > 0)
    }
}
