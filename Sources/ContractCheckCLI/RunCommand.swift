import ArgumentParser
import ContractJSON
import Foundation

/// `contract-check run`, the default: lint everything in `contracts/` and write `Reports/`.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Lint every contract in the contracts folder and write a report (the default command).",
        discussion: "Exit status: 0 when clean, 1 when problems were found, 64 on a usage error."
    )

    @Option(help: "Folder holding the contracts.")
    var contracts = "contracts"

    @Option(help: "Folder the reports are written to.")
    var reports = "Reports"

    @OptionGroup var options: LintOptions

    func run() throws {
        let outcome = try LintRun(paths: [contracts], options: options).execute()
        print(outcome.output)
        let reportText = DiagnosticPrinter(format: .json).render(outcome.results)
        let reportURL = URL(fileURLWithPath: reports, isDirectory: true).appendingPathComponent("lint.json")
        do {
            try FileManager.default.createDirectory(
                at: reportURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            // `.atomic` writes a temporary file and renames it, so a killed run leaves the previous report whole.
            try Data(reportText.utf8).write(to: reportURL, options: .atomic)
            if options.format == .text { print("wrote \(reportURL.relativePath)") }
        } catch {
            print("cannot write \(reportURL.path): \(error.localizedDescription)")
            throw ExitCode(1)
        }
        if outcome.failed { throw ExitCode(1) }
    }
}
