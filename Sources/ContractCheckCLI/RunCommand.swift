import ArgumentParser
import ContractJSON
import ContractReport
import ContractSpec
import ContractVerify
import Foundation

/// `contract-check run`, the default: lint every contract in `contracts/`, verify every recording and
/// HAR file, print a summary with coverage, and write `Reports/`.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Lint the contracts, verify recorded traffic, and write reports (the default command).",
        discussion: """
            Lints every contract in the contracts folder, verifies the fake backend's recordings of the latest \
            test run (in the folder CONTRACTCHECK_RECORDINGS names, else .build/contract-check/recordings; \
            earlier runs' files are counted and ignored) and every HAR file below the contracts folder, prints \
            violations and coverage, and writes Reports/contract-check.xml (JUnit) and Reports/lint.json. Text \
            output prints errors in full and groups warnings by rule (--verbose prints each); the reports keep \
            everything. --format json prints one JSON document and nothing else.
            Exit status: 0 when clean, 1 when problems were found or an input could not be read, 64 on a usage \
            error.
            """
    )

    @Option(help: "Folder holding the contracts (and HAR files to verify).")
    var contracts = "contracts"

    @Option(help: "Folder the reports are written to.")
    var reports = "Reports"

    @Option(
        help:
            "Folder of fake-backend recordings to verify (default: CONTRACTCHECK_RECORDINGS or .build/contract-check/recordings)."
    )
    var recordings: String?

    @OptionGroup var options: LintOptions

    @Flag(help: "Print every warning (by default the text output groups them by rule and prints the first few).")
    var verbose = false

    @Option(help: "A baseline file (from `contract-check baseline`): fail only on problems it does not list.")
    var baseline: String?

    func run() throws {
        let outcome = try CheckRun(
            contracts: contracts, recordings: recordings, options: options, groupsWarnings: !verbose
        ).execute()
        let comparison = try baseline.map { path in
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ValidationError("cannot read the baseline \(path)")
            }
            return try Baseline.read(data, path: path).compare(outcome.problems(strict: options.strict))
        }
        let written = writeReports(outcome)
        switch options.format {
        case .json:
            print(JSONWriter.string(from: jsonDocument(outcome, comparison: comparison), style: .pretty))
        case .text, .github:
            printText(outcome, comparison: comparison, reportsWritten: written)
        }
        guard written else { throw ExitCode(1) }
        if let comparison {
            if !comparison.new.isEmpty { throw ExitCode(1) }
        } else if outcome.lint.failed || outcome.traffic.failed {
            throw ExitCode(1)
        }
    }

    /// Writes the JUnit report and `lint.json`; says on standard error when they cannot be written.
    private func writeReports(_ outcome: CheckRun.Outcome) -> Bool {
        let reportFolder = URL(fileURLWithPath: reports, isDirectory: true)
        do {
            let report = RunReport(outcome: outcome, strict: options.strict).junit(
                timestamp: Date(), hostname: ProcessInfo.processInfo.hostName)
            try JUnitWriter.write(report, to: reportFolder.appendingPathComponent("contract-check.xml"))
            // Whole or not at all: a killed run leaves the previous report whole.
            let lintJSON = DiagnosticPrinter(format: .json).render(outcome.lint.results)
            try ReportFileWriter.write(Data(lintJSON.utf8), to: reportFolder.appendingPathComponent("lint.json"))
            return true
        } catch {
            let message =
                (error as? ReportWriteError)?.description
                ?? "\(reportFolder.path): error: cannot write the reports: \(error.localizedDescription)"
            FileHandle.standardError.write(Data((message + "\n").utf8))
            return false
        }
    }

    private func printText(_ outcome: CheckRun.Outcome, comparison: BaselineComparison?, reportsWritten: Bool) {
        let lint = outcome.lint
        let traffic = outcome.traffic
        print(options.format == .text ? TerminalStyle.highlight(lint.output) : lint.output)
        if traffic.loaded.files > 0 || !traffic.loaded.errors.isEmpty {
            let text = TrafficPrinter(format: options.format, groupsWarnings: !verbose).render(traffic)
            print(options.format == .github ? text : TerminalStyle.highlight(text))
        }
        if options.format == .text, reportsWritten {
            print("wrote \(reports)/contract-check.xml and \(reports)/lint.json")
        }
        guard let comparison, let baseline else { return }
        for entry in comparison.fixed { print("fixed since the baseline: \(entry.description)") }
        for entry in comparison.new { print("new since the baseline: \(entry.description)") }
        print(
            "baseline \(baseline): \(comparison.new.count) new, \(comparison.known.count) known, \(comparison.fixed.count) fixed"
                + (comparison.fixed.isEmpty ? "" : " (run `contract-check baseline` to drop the fixed ones)"))
    }

    /// The whole run as one JSON document: the lint results (as `lint --format json` prints them), the
    /// traffic results under `traffic`, and the baseline comparison under `baseline` when one was given.
    private func jsonDocument(_ outcome: CheckRun.Outcome, comparison: BaselineComparison?) -> JSONValue {
        var document = DiagnosticPrinter(format: .json).jsonValue(outcome.lint.results).objectValue ?? [:]
        document["traffic"] = TrafficPrinter(format: .json).jsonValue(outcome.traffic)
        if let comparison {
            document["baseline"] = [
                "new": .array(comparison.new.map { .string($0.description) }),
                "known": .number(JSONNumber(comparison.known.count)),
                "fixed": .array(comparison.fixed.map { .string($0.description) }),
            ]
        }
        return .object(document)
    }
}

/// What `Baseline.compare` finds: problems new since the baseline, known to it, and fixed since.
typealias BaselineComparison = (new: [Baseline.Entry], known: [Baseline.Entry], fixed: [Baseline.Entry])
