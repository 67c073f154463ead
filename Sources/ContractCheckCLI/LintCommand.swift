import ArgumentParser
import ContractSpec
import Foundation

/// `contract-check lint`: load each contract and report its problems.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Load OpenAPI documents and report structural and semantic problems.",
        discussion: """
            Prints one line per problem (file:line:column: severity: message [rule]) and a summary per file. \
            Folders are searched for YAML and JSON files that declare `openapi` or `swagger`.
            Exit status: 0 when clean (warnings allowed unless --strict), 1 when problems were found, 64 on a \
            usage error.
            """
    )

    @Argument(help: "Contract files or folders.")
    var paths: [String]

    @OptionGroup var options: LintOptions

    func run() throws {
        let outcome = try LintRun(paths: paths, options: options).execute()
        print(options.format == .text ? TerminalStyle.highlight(outcome.output) : outcome.output)
        if outcome.failed { throw ExitCode(1) }
    }
}

/// Lints a set of paths; shared by `lint` and the default run.
struct LintRun {
    let paths: [String]
    let options: LintOptions
    /// Whether text output groups warnings by rule (the default run) instead of printing each.
    var groupsWarnings = false

    struct Outcome {
        let output: String
        let failed: Bool
        let results: [DiagnosticPrinter.FileResult]
    }

    func execute() throws -> Outcome {
        let contracts: [URL]
        do {
            contracts = try ContractDiscovery.contracts(in: paths)
        } catch {
            throw ValidationError("\(error)")
        }
        let rootOverride = options.root.map { URL(fileURLWithPath: $0, isDirectory: true) }
        var results: [DiagnosticPrinter.FileResult] = []
        for url in contracts {
            let root = rootOverride ?? ContractLoader.defaultRoot(for: url)
            let result = ContractLoader(rootDirectory: root, nullable: options.nullable).load(url)
            results.append(
                DiagnosticPrinter.FileResult(
                    path: result.files.first?.displayPath ?? url.path, version: result.document?.version.description,
                    operations: result.document?.operations.count ?? 0, diagnostics: result.diagnostics))
        }
        let all = results.flatMap(\.diagnostics)
        let failed = all.contains { $0.severity == .error || options.strict }
        var output = DiagnosticPrinter(format: options.format, groupsWarnings: groupsWarnings).render(results)
        if contracts.isEmpty, options.format == .text {
            output = "no OpenAPI documents found in \(paths.joined(separator: ", "))"
        }
        return Outcome(output: output, failed: failed || contracts.isEmpty, results: results)
    }
}
