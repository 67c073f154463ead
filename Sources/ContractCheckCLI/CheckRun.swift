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
        let lint = try LintRun(paths: [contracts], options: options).execute()
        var verifierOptions = VerifierOptions()
        verifierOptions.nullable = options.nullable
        let contractFiles = (try? ContractDiscovery.contracts(in: [contracts])) ?? []
        var trafficPaths = [contracts]
        let recordingFolder = recordings.map { URL(fileURLWithPath: $0) } ?? Recording.defaultDirectory
        if FileManager.default.fileExists(atPath: recordingFolder.path) { trafficPaths.append(recordingFolder.path) }
        let traffic = try TrafficRun(
            contractPaths: contractFiles.map(TrafficRun.displayPath), trafficPaths: trafficPaths,
            options: verifierOptions,
            root: options.root
        ).execute()
        return Outcome(lint: lint, traffic: traffic)
    }
}
