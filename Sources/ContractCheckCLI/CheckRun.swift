import ArgumentParser
import ContractReport
import ContractSpec
import ContractVerify
import Foundation

/// What the default run checks: lint of the contracts folder, then its HAR files and the fake
/// backend's recordings against the contracts. Shared by `run` and `baseline`.
struct CheckRun {
    let contracts: String
    let recordings: String?
    let options: LintOptions
    /// Whether text output groups warnings by rule instead of printing each.
    var groupsWarnings = false

    struct Outcome {
        var lint: LintRun.Outcome
        var traffic: TrafficRun.Outcome

        /// Every problem that fails a run, as baseline entries: lint errors (and warnings with `strict`)
        /// and traffic violations that are errors.
        func problems(strict: Bool) -> [Baseline.Entry] {
            let lintProblems = lint.results.flatMap(\.diagnostics).filter { $0.severity == .error || strict }
                .map { Baseline.Entry(fingerprint: Baseline.fingerprint($0), description: $0.description) }
            let violations = traffic.result.violations.filter { $0.severity == .error }
                .map { Baseline.Entry(fingerprint: Baseline.fingerprint($0), description: $0.description) }
            let unreadable = traffic.loaded.errors.map {
                Baseline.Entry(fingerprint: "traffic.unreadable | \($0.location.file)", description: $0.description)
            }
            return lintProblems + violations + unreadable
        }
    }

    func execute() throws -> Outcome {
        let lint = try LintRun(paths: [contracts], options: options, groupsWarnings: groupsWarnings).execute()
        var verifierOptions = VerifierOptions()
        verifierOptions.nullable = options.nullable
        let contractFiles = (try? ContractDiscovery.contracts(in: [contracts])) ?? []
        // The latest test run's recordings only: earlier runs' files are counted and left alone.
        let recordingFolder = recordings.map { URL(fileURLWithPath: $0) } ?? Recording.defaultDirectory
        let runs = RecordingRuns.split(recordingFolder)
        var traffic = try TrafficRun(
            contractPaths: contractFiles.map(TrafficRun.displayPath),
            trafficPaths: [contracts] + runs.latest.map(\.path),
            options: verifierOptions,
            root: options.root
        ).execute()
        traffic.earlierRunFiles = runs.earlier.count
        return Outcome(lint: lint, traffic: traffic)
    }
}
