import ContractJSON
import ContractReport
import ContractSpec
import ContractVerify
import Foundation

/// Prints the result of verifying traffic: violations, then a summary with coverage per contract.
struct TrafficPrinter {
    let format: OutputFormat

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
            for finding in findings {
                let violation = finding.violation
                if format == .github {
                    let command = violation.severity == .error ? "error" : "warning"
                    let location = violation.sourceLocation
                    var properties = ["file=" + DiagnosticPrinter.escapeProperty(location.file)]
                    if location.position.isKnown {
                        properties += ["line=\(location.position.line)", "col=\(location.position.column)"]
                    }
                    properties.append("title=" + DiagnosticPrinter.escapeProperty(violation.kind.rawValue))
                    lines.append(
                        "::\(command) \(properties.joined(separator: ","))::"
                            + DiagnosticPrinter.escapeData(violation.message))
                } else {
                    lines.append(violation.description)
                    lines.append(
                        "    in \(finding.record.source)" + (finding.record.test.map { " (test \($0))" } ?? ""))
                }
            }
        }
        return lines
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
        if !outcome.result.skipped.isEmpty {
            extras.append(
                "\(outcome.result.skipped.count) exchanges skipped (no contract server matches their URL; map hosts with --server)"
            )
        }
        let others = outcome.result.otherContracts
        if !others.isEmpty {
            let names = Set(others.compactMap(\.contract)).sorted().joined(separator: ", ")
            extras.append(
                "\(others.count) recorded exchanges skipped (made against contracts not checked here: \(names))")
        }
        if outcome.loaded.skippedLines > 0 {
            extras.append("\(outcome.loaded.skippedLines) torn recording lines skipped")
        }
        lines.append(
            "\(outcome.loaded.files) traffic files, \(outcome.loaded.records.count) exchanges"
                + (extras.isEmpty ? "" : "; " + extras.joined(separator: "; ")))
        return lines
    }

    private func renderJSON(_ outcome: TrafficRun.Outcome) -> String {
        let violations: [JSONValue] = outcome.result.violations.map(\.jsonValue)
        let contracts: [JSONValue] = outcome.result.contracts.map { contract in
            [
                "contract": .string(contract.document.file.displayPath),
                "exchanges": .number(JSONNumber(contract.exchanges)),
                "operations": .number(JSONNumber(contract.operations.count)),
                "exercised": .number(JSONNumber(contract.exercised)),
            ]
        }
        let summary: JSONValue = [
            "violations": .array(violations), "contracts": .array(contracts),
            "exchanges": .number(JSONNumber(outcome.loaded.records.count)),
            "skipped": .number(JSONNumber(outcome.result.skipped.count)),
            "otherContracts": .number(JSONNumber(outcome.result.otherContracts.count)),
            "errors": .array(outcome.loaded.errors.map { .string($0.description) }),
        ]
        return JSONWriter.string(from: summary, style: .pretty)
    }
}
