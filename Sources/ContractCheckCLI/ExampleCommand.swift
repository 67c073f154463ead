import ArgumentParser
import ContractExamples
import ContractJSON
import ContractSchema
import ContractSpec
import Foundation

/// `contract-check example`: prints an example body for one operation of a contract.
///
/// ```
/// contract-check example contracts/clinic.yaml --operation getPet --status 404
/// contract-check example contracts/clinic.yaml --operation "POST /pets" --request --mode random --seed 7
/// ```
/// The body is pretty JSON on standard output; invalid contract examples are reported on standard error.
/// Exit status: 0 when a body was printed, 1 when the contract does not load or its schema has no value,
/// 64 on usage errors (unknown operation, status, media type or example name).
struct ExampleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "example",
        abstract: "Print an example response (or request) body for an operation of a contract.",
        discussion: """
            The body is, in order: the example named by --example, the media type's first valid example, the \
            schema's example, else a value generated from the schema (always one the schema accepts). \
            --generated skips the contract's examples. The same --seed gives the same bytes on every run.
            Exit status: 0 when a body was printed, 1 when the contract does not load or no value satisfies \
            the schema, 64 on a usage error.
            """)

    @Argument(help: "The contract (YAML or JSON).")
    var contract: String

    @Option(name: .long, help: "The operationId, or \"METHOD /path\" as written in the contract.")
    var operation: String

    @Option(name: .long, help: "The response status (default: the first success response).")
    var status: Int?

    @Option(name: .customLong("media-type"), help: "The media type (default: a JSON one when declared).")
    var mediaType: String?

    @Option(name: .long, help: "minimal, full or random (default: full; random when --seed is given).")
    var mode: String?

    @Option(name: .long, help: "The seed of --mode random.")
    var seed: UInt64?

    @Option(name: .long, help: "The name of a contract example to print.")
    var example: String?

    @Flag(name: .long, help: "Print a request body instead of a response body.")
    var request = false

    @Flag(name: .long, help: "Always generate, ignoring the contract's examples.")
    var generated = false

    @Option(help: NullableHelp.text)
    var nullable: NullableReading = .lenient

    func validate() throws {
        if let mode, !["minimal", "full", "random"].contains(mode) {
            throw ValidationError("unknown mode \"\(mode)\" (use minimal, full or random)")
        }
        if seed != nil, let mode, mode != "random" {
            throw ValidationError("--seed applies to --mode random only")
        }
    }

    private var exampleMode: ExampleMode {
        switch mode {
        case "minimal": .minimal
        case "random": .random(seed: seed ?? 0)
        case nil where seed != nil: .random(seed: seed ?? 0)
        default: .full
        }
    }

    func run() throws {
        let url = URL(fileURLWithPath: contract).standardizedFileURL
        let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL
        let root =
            url.path.hasPrefix(workingDirectory.path + "/") ? workingDirectory : url.deletingLastPathComponent()
        let result = ContractLoader(rootDirectory: root, nullable: nullable).load(url, checks: [])
        guard let document = result.document else {
            for diagnostic in result.diagnostics { printError(diagnostic.description) }
            throw ExitCode(1)
        }
        let operation = try find(operation, in: document)
        let synthesizer = ExampleSynthesizer(document: document)
        let sources: ExampleSources = generated ? .generatedOnly : .contractFirst
        do {
            let body =
                request
                ? try synthesizer.requestBody(
                    for: operation, mediaType: mediaType, exampleName: example, mode: exampleMode, sources: sources)
                : try synthesizer.responseBody(
                    for: operation, status: status, mediaType: mediaType, exampleName: example, mode: exampleMode,
                    sources: sources)
            for diagnostic in body.diagnostics { printError(diagnostic.description) }
            print(body.json)
        } catch {
            printError(error.description)
            switch error.kind {
            case .notDeclared, .unknownExample: throw ExitCode(ExitCode.validationFailure.rawValue)
            case .unsatisfiable, .noSchema: throw ExitCode(1)
            }
        }
    }

    /// The operation named by id or by `METHOD /path`.
    private func find(_ name: String, in document: Spec.Document) throws -> Spec.Operation {
        if let found = document.operation(id: name) { return found }
        let parts = name.split(separator: " ", maxSplits: 1)
        if parts.count == 2, let found = document.operation(method: String(parts[0]), path: String(parts[1])) {
            return found
        }
        let known = document.operations.prefix(8).map(\.displayName).joined(separator: ", ")
        throw ValidationError(
            "no operation \"\(name)\" in \(contract) (operations include: \(known)); use an operationId or \"GET /path\""
        )
    }

    private func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
