import ArgumentParser
import ContractReport
import ContractSpec
import ContractVerify
import Foundation

/// Loads contracts and traffic, verifies, and keeps everything the printers and reports need.
struct TrafficRun {
    struct Outcome {
        var loaded: TrafficFiles.Loaded
        var result: TrafficResult
        var contractProblems: [Diagnostic]
        /// Recording files of earlier test runs that the default run did not read.
        var earlierRunFiles = 0
        var failed: Bool { result.hasErrors || !loaded.errors.isEmpty || !contractProblems.isEmpty }
    }

    let contractPaths: [String]
    let trafficPaths: [String]
    let options: VerifierOptions
    let root: String?

    func execute() throws -> Outcome {
        var contracts: [TrafficCheck.Contract] = []
        var problems: [Diagnostic] = []
        for path in contractPaths {
            let url = URL(fileURLWithPath: path)
            let rootURL =
                root.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? ContractLoader.defaultRoot(for: url)
            let result = ContractLoader(rootDirectory: rootURL, nullable: options.nullable).load(url, checks: [])
            guard let document = result.document else {
                problems += result.diagnostics
                continue
            }
            problems += result.blockingErrors
            contracts.append(
                TrafficCheck.Contract(
                    document: document, verifier: ContractVerifier(document: document, options: options)))
        }
        let found = TrafficFiles.find(in: trafficPaths)
        if !found.missing.isEmpty {
            throw ValidationError("no such file or folder: \(found.missing.joined(separator: ", "))")
        }
        // Each exchange is verified as it is read and then dropped: memory stays flat with the traffic.
        var verification = TrafficVerification(TrafficCheck(contracts: contracts))
        let loaded = TrafficFiles.read(found.files, displayPath: Self.displayPath) { verification.verify($0) }
        return Outcome(loaded: loaded, result: verification.result, contractProblems: problems)
    }

    static func displayPath(_ url: URL) -> String {
        DisplayPath.of(url.path)
    }

    static func writeJUnit(_ outcome: Outcome, to path: String) throws {
        let hostname = ProcessInfo.processInfo.hostName
        let report = JUnitReport(
            traffic: outcome.result, timestamp: Date(), hostname: hostname, unreadable: outcome.loaded.errors)
        try ReportFile.write(report, to: URL(fileURLWithPath: path))
    }
}
