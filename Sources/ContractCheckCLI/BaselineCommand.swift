import ArgumentParser
import ContractReport
import Foundation

/// `contract-check baseline`: record today's problems so later runs fail only on new ones.
struct BaselineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baseline",
        abstract: "Write the current problems to a baseline file, for gradual adoption.",
        discussion: """
            Runs what the default run checks (lint of the contracts, verification of HAR files and recordings) \
            and writes every problem that would fail it to the baseline file. Later, `contract-check run \
            --baseline FILE` fails only on problems the file does not list, and reports the ones that were \
            fixed.
            Exit status: 0 when written, 1 when it cannot be written, 64 on a usage error.
            """
    )

    @Option(help: "Folder holding the contracts (and HAR files to verify).")
    var contracts = "contracts"

    @Option(help: "Folder of fake-backend recordings to verify.")
    var recordings: String?

    @Option(name: .shortAndLong, help: "Where to write the baseline.")
    var output = "contract-check-baseline.json"

    @OptionGroup var options: LintOptions

    func run() throws {
        let outcome = try CheckRun(contracts: contracts, recordings: recordings, options: options).execute()
        let baseline = Baseline(entries: outcome.problems(strict: options.strict))
        do {
            try ReportFileWriter.write(baseline.data(), to: URL(fileURLWithPath: output))
        } catch {
            print("cannot write \(output): \(error.localizedDescription)")
            throw ExitCode(1)
        }
        print("wrote \(output): \(baseline.entries.count) known problems")
    }
}
