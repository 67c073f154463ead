import ContractExamples
import ContractJSON
import ContractSchema
import ContractSpec
import ContractTestSupport
import Foundation
import Testing

/// The property: every generated value validates against its own schema, for every schema of
/// every contract the project knows, in all three modes and for many seeds.
@Suite("Generated values validate")
struct ContractPropertyTests {
    static var documents: [URL] {
        let bundled = Corpus.packageRoot.appendingPathComponent("contracts/clinic.yaml")
        let examples =
            (Corpus.files(in: "openapi-examples/examples", withExtension: "yaml")
            + Corpus.files(in: "openapi-examples/examples", withExtension: "json"))
            .filter { !$0.path.contains("petstore-separate") || $0.lastPathComponent.hasPrefix("swagger.") }
        let realWorld =
            (Corpus.files(in: "real-world", withExtension: "yaml")
                + Corpus.files(in: "real-world", withExtension: "json"))
        return [bundled] + examples + realWorld
    }

    /// Seeds per schema in `random` mode: 50 for every document except the large real-world ones, whose
    /// thousands of schemas get 10 (the two fixed modes still cover every schema) to keep the debug run short.
    static func seeds(for url: URL, schemaCount: Int) -> Int {
        schemaCount > 400 ? 10 : 50
    }

    /// Schemas no value satisfies, each with why: the synthesizer must report them, never answer.
    static let knownUnsatisfiable: [String: String] = [
        // `enum: []` beside an allOf: the parameter admits no value at all.
        "discord/openapi.json#/paths/~1guilds~1%7Bguild_id%7D~1requests/get/parameters/0/schema":
            "unsatisfiable schema: enum is empty: no value satisfies it"
    ]

    @Test("every schema of every contract, in minimal, full and random mode", arguments: documents)
    func everySchema(url: URL) throws {
        let started = ContinuousClock.now
        let root = url.path.hasPrefix(Corpus.root.path) ? Corpus.root : Corpus.packageRoot
        let loaded = ContractLoader(rootDirectory: root).load(url, checks: [])
        let document = try #require(loaded.document, "\(url.lastPathComponent) does not load")
        let synthesizer = ExampleSynthesizer(document: document)
        let entries = SchemaInventory.entries(of: document)
        let seedCount = Self.seeds(for: url, schemaCount: entries.count)
        var checked = 0
        var unsatisfiable: [String] = []
        var reported = 0
        var failures: [String] = []
        for entry in entries {
            let validator = try document.compiledSchemas.compiled(entry.schema)
            let modes: [ExampleMode] = [.minimal, .full] + (0..<seedCount).map { .random(seed: UInt64($0)) }
            for mode in modes {
                do {
                    let value = try synthesizer.value(for: entry.schema, context: entry.context, mode: mode)
                    checked += 1
                    let errors = validator.validate(value, context: entry.context)
                    if let error = errors.first {
                        failures.append("\(entry.schema.uri) \(mode): \(error.mostRelevant)")
                    }
                } catch {
                    let known = Self.knownUnsatisfiable.first { entry.schema.uri.hasSuffix($0.key) }
                    if known?.value != error.message {
                        unsatisfiable.append("\(entry.schema.uri) \(mode): \(error)")
                    }
                    reported += 1
                    break
                }
            }
        }
        print(
            "examples property: \(url.lastPathComponent): \(entries.count) schemas, \(checked) values validated,"
                + " \(reported) reported unsatisfiable, \(failures.count) invalid"
                + " in \(ContinuousClock.now - started)")
        for line in unsatisfiable.prefix(20) { print("  unsatisfiable: \(line)") }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
        #expect(unsatisfiable.isEmpty, "\(unsatisfiable.prefix(10))")
    }
}
