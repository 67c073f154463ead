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
            Lints every contract in the contracts folder, verifies the fake backend's recordings (the folder \
            in CONTRACTCHECK_RECORDINGS, else .build/contract-check/recordings) and every HAR file below the \
            contracts folder, prints violations and coverage, and writes Reports/contract-check.xml (JUnit) \
            and Reports/lint.json.
            Exit status: 0 when clean, 1 when problems were found, 64 on a usage error.
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

    @Option(help: "A baseline file (from `contract-check baseline`): fail only on problems it does not list.")
    var baseline: String?

    func run() throws {
        let outcome = try CheckRun(contracts: contracts, recordings: recordings, options: options).execute()
        let lint = outcome.lint
        let traffic = outcome.traffic
        print(options.format == .text ? TerminalStyle.highlight(lint.output) : lint.output)
        if traffic.loaded.files > 0 {
            let text = TrafficPrinter(format: options.format == .json ? .text : options.format).render(traffic)
            print(options.format == .github ? text : TerminalStyle.highlight(text))
        }
        let reportFolder = URL(fileURLWithPath: reports, isDirectory: true)
        do {
            var report = JUnitReport(
                traffic: traffic.result, timestamp: Date(), hostname: ProcessInfo.processInfo.hostName)
            Self.addLintCases(lint.results, to: &report)
            try JUnitWriter.write(report, to: reportFolder.appendingPathComponent("contract-check.xml"))
            // `.atomic` writes a temporary file and renames it, so a killed run leaves the previous report whole.
            let lintJSON = DiagnosticPrinter(format: .json).render(lint.results)
            try Data(lintJSON.utf8).write(to: reportFolder.appendingPathComponent("lint.json"), options: .atomic)
            if options.format == .text { print("wrote \(reports)/contract-check.xml and \(reports)/lint.json") }
        } catch {
            print("cannot write \(reportFolder.path): \(error.localizedDescription)")
            throw ExitCode(1)
        }
        guard let baseline else {
            if lint.failed || traffic.failed { throw ExitCode(1) }
            return
        }
        guard let data = FileManager.default.contents(atPath: baseline) else {
            throw ValidationError("cannot read the baseline \(baseline)")
        }
        let known = try Baseline.read(data, path: baseline)
        let comparison = known.compare(outcome.problems(strict: options.strict))
        for entry in comparison.fixed { print("fixed since the baseline: \(entry.description)") }
        for entry in comparison.new { print("new since the baseline: \(entry.description)") }
        print(
            "baseline \(baseline): \(comparison.new.count) new, \(comparison.known.count) known, \(comparison.fixed.count) fixed"
                + (comparison.fixed.isEmpty ? "" : " (run `contract-check baseline` to drop the fixed ones)"))
        if !comparison.new.isEmpty { throw ExitCode(1) }
    }

    /// One "lint" test case per contract, failing when its lint found errors (or warnings, with --strict).
    private static func addLintCases(_ results: [DiagnosticPrinter.FileResult], to report: inout JUnitReport) {
        for result in results {
            guard let index = report.suites.firstIndex(where: { $0.package == result.path }) else { continue }
            let problems = result.diagnostics.filter { $0.severity == .error }
            let outcome: JUnitReport.Outcome =
                problems.isEmpty
                ? .passed
                : .failed(
                    .init(
                        message: "\(problems.count) lint errors", type: problems[0].code,
                        body: problems.map(\.description).joined(separator: "\n")))
            report.suites[index].cases.insert(
                JUnitReport.TestCase(name: "lint", classname: report.suites[index].name, outcome: outcome), at: 0)
        }
    }
}
