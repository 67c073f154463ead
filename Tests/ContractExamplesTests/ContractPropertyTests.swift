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
    /// The project's own contracts: the bundled one and the test fixture.
    static var ownDocuments: [URL] {
        [
            Corpus.packageRoot.appendingPathComponent("contracts/clinic.yaml"),
            Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/contracts/petstore.yaml"),
        ]
    }

    /// The corpora's contracts: the OpenAPI Initiative's examples and the real-world documents.
    static var corpusDocuments: [URL] {
        let examples =
            (Corpus.files(in: "openapi-examples/examples", withExtension: "yaml")
            + Corpus.files(in: "openapi-examples/examples", withExtension: "json"))
            .filter { !$0.path.contains("petstore-separate") || $0.lastPathComponent.hasPrefix("swagger.") }
        let realWorld =
            (Corpus.files(in: "real-world", withExtension: "yaml")
                + Corpus.files(in: "real-world", withExtension: "json"))
        return examples + realWorld
    }

    @Test("the corpora hold every example and real-world document", .corpus("openapi-examples"), .corpus("real-world"))
    func corpusCount() {
        #expect(Self.corpusDocuments.count >= 42)
    }

    /// Seeds per schema in `random` mode, for every document.
    static let seeds = 50

    /// Schemas per task, and tasks in flight per document: a large document's schemas are spread over the
    /// cores rather than left to the one test case that loaded it, without filling the cooperative pool's
    /// queue ahead of other suites' tasks (a request in the interception suites waits behind every job
    /// queued before it; each task also yields after every schema).
    static let schemasPerTask = 40
    static let tasksInFlight = 2

    /// Schemas no value satisfies, each with why: the synthesizer must report them, never answer.
    static let knownUnsatisfiable: [String: String] = [
        // `enum: []` beside an allOf: the parameter admits no value at all.
        "discord/openapi.json#/paths/~1guilds~1%7Bguild_id%7D~1requests/get/parameters/0/schema":
            "unsatisfiable schema: enum is empty: no value satisfies it"
    ]

    /// What checking some schemas found.
    struct Tally: Sendable {
        var checked = 0
        var reported = 0
        var unsatisfiable: [String] = []
        var failures: [String] = []

        mutating func add(_ other: Tally) {
            checked += other.checked
            reported += other.reported
            unsatisfiable += other.unsatisfiable
            failures += other.failures
        }
    }

    @Test("every schema of the project's contracts, in minimal, full and random mode", arguments: ownDocuments)
    func everySchemaOfOwnContracts(url: URL) async throws {
        try await everySchema(url: url)
    }

    @Test(
        "every schema of the corpora's contracts, in minimal, full and random mode", .corpus("openapi-examples"),
        .corpus("real-world"), arguments: corpusDocuments)
    func everySchemaOfCorpusContracts(url: URL) async throws {
        try await everySchema(url: url)
    }

    func everySchema(url: URL) async throws {
        let started = ContinuousClock.now
        let root = url.path.hasPrefix(Corpus.root.path) ? Corpus.root : Corpus.packageRoot
        let loaded = ContractLoader(rootDirectory: root).load(url, checks: [])
        let document = try #require(loaded.document, "\(url.lastPathComponent) does not load")
        let synthesizer = ExampleSynthesizer(document: document)
        let entries = SchemaInventory.entries(of: document)
        let chunks = stride(from: 0, to: entries.count, by: Self.schemasPerTask).map {
            Array(entries[$0..<min($0 + Self.schemasPerTask, entries.count)])
        }
        let tally = await withTaskGroup(of: Tally.self) { group in
            var next = 0
            var finished = 0
            var total = Tally()
            while finished < chunks.count {
                while next < chunks.count, next < finished + Self.tasksInFlight {
                    let chunk = chunks[next]
                    group.addTask { await Self.check(chunk, document: document, synthesizer: synthesizer) }
                    next += 1
                }
                guard let part = await group.next() else { break }
                total.add(part)
                finished += 1
            }
            return total
        }
        print(
            "examples property: \(url.lastPathComponent): \(entries.count) schemas, \(tally.checked) values validated,"
                + " \(tally.reported) reported unsatisfiable, \(tally.failures.count) invalid"
                + " in \(ContinuousClock.now - started)")
        for line in tally.unsatisfiable.prefix(20) { print("  unsatisfiable: \(line)") }
        #expect(tally.failures.isEmpty, "\(tally.failures.prefix(10))")
        #expect(tally.unsatisfiable.isEmpty, "\(tally.unsatisfiable.prefix(10))")
    }

    /// Generates every mode's value for each schema and validates it with the schema's validator
    /// (full error collection, a path of its own beside the `isValid` the synthesizer proves with).
    static func check(
        _ entries: [SchemaInventory.Entry], document: Spec.Document, synthesizer: ExampleSynthesizer
    ) async -> Tally {
        var tally = Tally()
        let modes: [ExampleMode] = [.minimal, .full] + (0..<seeds).map { .random(seed: UInt64($0)) }
        for entry in entries {
            await Task.yield()
            guard let validator = try? document.compiledSchemas.compiled(entry.schema) else {
                tally.failures.append("\(entry.schema.uri): does not compile")
                continue
            }
            for mode in modes {
                do {
                    let value = try synthesizer.value(for: entry.schema, context: entry.context, mode: mode)
                    tally.checked += 1
                    if let error = validator.validate(value, context: entry.context).first {
                        tally.failures.append("\(entry.schema.uri) \(mode): \(error.mostRelevant)")
                    }
                } catch {
                    let known = knownUnsatisfiable.first { entry.schema.uri.hasSuffix($0.key) }
                    if known?.value != error.message {
                        tally.unsatisfiable.append("\(entry.schema.uri) \(mode): \(error)")
                    }
                    tally.reported += 1
                    break
                }
            }
        }
        return tally
    }
}
