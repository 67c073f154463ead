import ContractJSON
import ContractReport
import ContractSpec
import ContractVerify
import Foundation

/// Prints the result of verifying traffic: violations, then a summary with coverage per contract.
struct TrafficPrinter {
    let format: OutputFormat
    /// Whether text output prints warnings grouped by rule (`WarningDigest`) rather than each in full.
    var groupsWarnings = false

    func render(_ outcome: TrafficRun.Outcome) -> String {
        switch format {
        case .json: renderJSON(outcome)
        case .text, .github: (violationLines(outcome) + summaryLines(outcome)).joined(separator: "\n")
        }
    }

    private func violationLines(_ outcome: TrafficRun.Outcome) -> [String] {
        var lines = outcome.contractProblems.map(\.description) + outcome.loaded.errors.map(\.description)
        for contract in outcome.result.contracts {
            let findings = contract.operations.flatMap(\.findings) + contract.unrouted
            guard format == .text else {
                lines += findings.map(annotation)
                continue
            }
            guard groupsWarnings else {
                lines += findings.flatMap(Self.textLines)
                continue
            }
            lines += findings.filter { $0.violation.severity == .error }.flatMap(Self.textLines)
            lines += WarningDigest<Finding>(rule: \.violation.kind.rawValue, lines: Self.textLines)
                .render(findings.filter { $0.violation.severity == .warning }, file: contract.document.file.displayPath)
        }
        return lines
    }

    /// A violation and where it was recorded.
    private static func textLines(_ finding: Finding) -> [String] {
        [
            finding.violation.description,
            "    in \(finding.source)" + (finding.test.map { " (test \($0))" } ?? ""),
        ]
    }

    /// A GitHub Actions workflow command for a violation.
    private func annotation(_ finding: Finding) -> String {
        let violation = finding.violation
        let command = violation.severity == .error ? "error" : "warning"
        let location = violation.sourceLocation
        var properties = ["file=" + DiagnosticPrinter.escapeProperty(location.file)]
        if location.position.isKnown {
            properties += ["line=\(location.position.line)", "col=\(location.position.column)"]
        }
        properties.append("title=" + DiagnosticPrinter.escapeProperty(violation.kind.rawValue))
        return "::\(command) \(properties.joined(separator: ","))::" + DiagnosticPrinter.escapeData(violation.message)
    }

    private func summaryLines(_ outcome: TrafficRun.Outcome) -> [String] {
        var lines: [String] = []
        for contract in outcome.result.contracts {
            let errors = (contract.operations.flatMap(\.findings) + contract.unrouted).filter {
                $0.violation.severity == .error
            }.count
            let responses = contract.responsesExercised
            let errorResponses = contract.errorResponsesExercised
            lines.append(
                "\(contract.document.file.displayPath): \(contract.exchanges) exchanges, \(errors) violations; "
                    + "operations exercised \(contract.exercised)/\(contract.operations.count), "
                    + "responses \(responses.exercised)/\(responses.documented), "
                    + "error responses \(errorResponses.exercised)/\(errorResponses.documented)")
        }
        var extras: [String] = []
        if outcome.result.skippedExchanges > 0 {
            extras.append(
                "\(outcome.result.skippedExchanges) exchanges skipped (no contract server matches their URL; map hosts with --server)"
            )
        }
        let others = outcome.result.otherContracts
        if !others.isEmpty {
            let names = others.keys.sorted().joined(separator: ", ")
            extras.append(
                "\(others.values.reduce(0, +)) recorded exchanges skipped (made against contracts not checked here: \(names))"
            )
        }
        if outcome.earlierRunFiles > 0 {
            extras.append("\(outcome.earlierRunFiles) recording files of earlier test runs ignored")
        }
        if outcome.loaded.skippedLines > 0 {
            extras.append("\(outcome.loaded.skippedLines) torn recording lines skipped")
        }
        lines.append(
            "\(outcome.loaded.files) traffic files, \(outcome.loaded.exchanges) exchanges"
                + (extras.isEmpty ? "" : "; " + extras.joined(separator: "; ")))
        return lines
    }

    private func renderJSON(_ outcome: TrafficRun.Outcome) -> String {
        JSONWriter.string(from: jsonValue(outcome), style: .pretty)
    }

    /// The traffic results as one JSON object: violations, per-contract figures, counts and unreadable files.
    func jsonValue(_ outcome: TrafficRun.Outcome) -> JSONValue {
        let violations: [JSONValue] = outcome.result.violations.map(\.jsonValue)
        let contracts: [JSONValue] = outcome.result.contracts.map { contract in
            [
                "contract": .string(contract.document.file.displayPath),
                "exchanges": .number(JSONNumber(contract.exchanges)),
                "operations": .number(JSONNumber(contract.operations.count)),
                "exercised": .number(JSONNumber(contract.exercised)),
            ]
        }
        return [
            "violations": .array(violations), "contracts": .array(contracts),
            "exchanges": .number(JSONNumber(outcome.loaded.exchanges)),
            "skipped": .number(JSONNumber(outcome.result.skippedExchanges)),
            "otherContracts": .number(JSONNumber(outcome.result.otherContracts.values.reduce(0, +))),
            "earlierRunFiles": .number(JSONNumber(outcome.earlierRunFiles)),
            "errors": .array(outcome.loaded.errors.map { .string($0.description) }),
        ]
    }
}
