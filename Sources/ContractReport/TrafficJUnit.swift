import ContractSpec
import ContractVerify
import Foundation

extension JUnitReport {
    /// The JUnit report of a traffic check: a suite per contract, a test case per operation (an
    /// operation with violations has one failure listing them all; one never exercised is skipped
    /// with "not exercised", so dashboards show coverage), and the coverage figures as properties.
    public init(
        traffic: TrafficResult, timestamp: Date, hostname: String,
        redact: (ContractViolation) -> ContractViolation = { $0 }
    ) {
        let suites = traffic.contracts.map { result -> Suite in
            let title = result.document.title.isEmpty ? result.document.file.displayPath : result.document.title
            var cases = result.operations.map { entry -> TestCase in
                TestCase(
                    name: entry.operation.displayName, classname: title, time: entry.time,
                    outcome: Self.outcome(entry.exchanges, entry.findings, redact: redact))
            }
            if !result.unrouted.isEmpty {
                cases.append(
                    TestCase(
                        name: "requests outside the contract", classname: title,
                        outcome: Self.outcome(1, result.unrouted, redact: redact)))
            }
            let responses = result.responsesExercised
            let errors = result.errorResponsesExercised
            let properties: [Property] = [
                .init(CoverageProperty.operations, String(result.operations.count)),
                .init(CoverageProperty.exercised, String(result.exercised)),
                .init(CoverageProperty.coverage, JUnitReport.percentage(result.exercised, of: result.operations.count)),
                .init(
                    CoverageProperty.failing,
                    String(cases.filter { if case .failed = $0.outcome { true } else { false } }.count)),
                .init("contract-check.exchanges", String(result.exchanges)),
                .init("contract-check.responses.exercised", "\(responses.exercised) of \(responses.documented)"),
                .init("contract-check.error-responses.exercised", "\(errors.exercised) of \(errors.documented)"),
                .init("contract-check.skipped-exchanges", String(traffic.skipped.count)),
            ]
            return Suite(
                name: title, package: result.document.file.displayPath, timestamp: timestamp, hostname: hostname,
                time: cases.reduce(0) { $0 + $1.time }, properties: properties, cases: cases)
        }
        self.init(suites: suites)
    }

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
        let body = errors.map { finding in
            var text = redact(finding.violation).description + "\n    in " + finding.record.source.description
            if let test = finding.record.test { text += " (test \(test))" }
            return text
        }.joined(separator: "\n")
        return .failed(
            Failure(
                message: "\(count): " + kinds.joined(separator: ", "), type: first.violation.kind.rawValue, body: body))
    }
}
