import ContractReport
import Foundation

/// The default run's JUnit report: the traffic report (a suite per contract, a case per operation, an
/// errored case per traffic file that could not be read), with a `lint` case first in each contract's
/// suite. The `lint` case fails on lint errors, and on warnings too with `--strict`, as the run's exit
/// status does; a contract that could not be loaded gets a suite with only its failing `lint` case. The
/// suite's `<system-out>` keeps every lint diagnostic, warnings included, before the traffic warnings.
struct RunReport {
    let outcome: CheckRun.Outcome
    let strict: Bool

    func junit(timestamp: Date, hostname: String) -> JUnitReport {
        var report = JUnitReport(
            traffic: outcome.traffic.result, timestamp: timestamp, hostname: hostname,
            unreadable: outcome.traffic.loaded.errors)
        for result in outcome.lint.results {
            let index: Int
            if let found = report.suites.firstIndex(where: { $0.package == result.path }) {
                index = found
            } else {
                report.suites.append(
                    JUnitReport.Suite(name: result.path, package: result.path, timestamp: timestamp, hostname: hostname)
                )
                index = report.suites.count - 1
            }
            let lint = result.diagnostics.map(\.description).joined(separator: "\n")
            report.suites[index].systemOut = SystemOut.joined([lint, report.suites[index].systemOut])
            report.suites[index].cases.insert(
                JUnitReport.TestCase(
                    name: JUnitReport.CaseName.lint, classname: report.suites[index].name, outcome: lintOutcome(result)),
                at: 0)
        }
        return report
    }

    private func lintOutcome(_ result: DiagnosticPrinter.FileResult) -> JUnitReport.Outcome {
        let errors = result.diagnostics.filter { $0.severity == .error }
        let warnings = strict ? result.diagnostics.filter { $0.severity == .warning } : []
        guard let first = errors.first ?? warnings.first else { return .passed }
        var counts = ["\(errors.count) lint errors"]
        if strict { counts.append("\(warnings.count) warnings (failing with --strict)") }
        return .failed(
            JUnitReport.Failure(
                message: counts.joined(separator: ", "), type: first.code,
                body: (errors + warnings).map(\.description).joined(separator: "\n")))
    }
}
