import ContractSpec
import ContractVerify
import Foundation

extension JUnitReport {
    /// The JUnit report of a traffic check: a suite per contract, a test case per operation (an
    /// operation with violations has one failure listing them all; one never exercised is skipped
    /// with "not exercised", so dashboards show coverage), and the coverage figures as properties.
    /// Traffic files that could not be read are errored cases, one per file, in a suite of their own
    /// (`unreadableSuite`): a run that fails because of them does not look green on a dashboard.
    package init(
        traffic: TrafficResult, timestamp: Date, hostname: String, unreadable: [TrafficReadError] = [],
        redact: (ContractViolation) -> ContractViolation = { $0 }
    ) {
        var suites = traffic.contracts.map { result -> Suite in
            let title = result.document.title.isEmpty ? result.document.file.displayPath : result.document.title
            var cases = result.operations.map { entry -> TestCase in
                TestCase(
                    name: entry.operation.displayName, classname: title, time: entry.time,
                    outcome: Self.outcome(entry.exchanges, entry.findings, redact: redact))
            }
            let failing = cases.filter { if case .failed = $0.outcome { true } else { false } }.count
            if !result.unrouted.isEmpty {
                cases.append(
                    TestCase(
                        name: CaseName.unrouted, classname: title,
                        outcome: Self.outcome(1, result.unrouted, redact: redact)))
            }
            let responses = result.responsesExercised
            let errors = result.errorResponsesExercised
            let exercised = result.exercisedResponses
            let properties: [Property] = [
                .init(CoverageProperty.operations, String(result.operations.count)),
                .init(CoverageProperty.exercised, String(result.exercised)),
                .init(CoverageProperty.coverage, JUnitReport.percentage(result.exercised, of: result.operations.count)),
                .init(CoverageProperty.failing, String(failing)),
                .init(CoverageProperty.exchanges, String(result.exchanges)),
                .init(CoverageProperty.responses, "\(responses.exercised) of \(responses.documented)"),
                .init(CoverageProperty.errorResponses, "\(errors.exercised) of \(errors.documented)"),
                .init(CoverageProperty.skippedExchanges, String(traffic.skippedExchanges)),
                .init(CoverageProperty.responseKeys, ResponseKeyList.text(exercised.all)),
                .init(CoverageProperty.errorResponseKeys, ResponseKeyList.text(exercised.errors)),
            ]
            // Warnings fail no case; the suite's output keeps them, one paragraph each.
            let warnings = (result.operations.flatMap(\.findings) + result.unrouted).filter {
                $0.violation.severity == .warning
            }
            return Suite(
                name: title, package: result.document.file.displayPath, timestamp: timestamp, hostname: hostname,
                time: cases.reduce(0) { $0 + $1.time }, properties: properties, cases: cases,
                systemOut: SystemOut.joined(warnings.map { Self.text(of: $0, redact: redact) }))
        }
        if !unreadable.isEmpty {
            let cases = unreadable.map { error in
                TestCase(
                    name: error.location.file, classname: Self.unreadableSuite,
                    outcome: .errored(
                        Failure(message: error.message, type: "traffic.unreadable", body: error.description)))
            }
            suites.append(
                Suite(
                    name: Self.unreadableSuite, package: Self.unreadableSuite, timestamp: timestamp, hostname: hostname,
                    cases: cases))
        }
        self.init(suites: suites)
    }

    /// The name of the suite of traffic files that could not be read.
    package static let unreadableSuite = "unreadable traffic files"

    private static func outcome(
        _ exchanges: Int, _ findings: [Finding], redact: (ContractViolation) -> ContractViolation
    ) -> Outcome {
        let errors = findings.filter { $0.violation.severity == .error }
        guard exchanges > 0 else { return .skipped("not exercised") }
        guard let first = errors.first else { return .passed }
        var kinds: [String] = []
        for finding in errors where !kinds.contains(finding.violation.kind.rawValue) {
            kinds.append(finding.violation.kind.rawValue)
        }
        let count = errors.count == 1 ? "1 violation" : "\(errors.count) violations"
        let body = errors.map { Self.text(of: $0, redact: redact) }.joined(separator: "\n")
        return .failed(
            Failure(
                message: "\(count): " + kinds.joined(separator: ", "), type: first.violation.kind.rawValue, body: body))
    }

    /// A violation and the exchange it came from (`in traffic.har:10:7 (test Tests/PetTests.swift:4)`).
    private static func text(of finding: Finding, redact: (ContractViolation) -> ContractViolation) -> String {
        var text = redact(finding.violation).description + "\n    in " + finding.source.description
        if let test = finding.test { text += " (test \(test))" }
        return text
    }
}
