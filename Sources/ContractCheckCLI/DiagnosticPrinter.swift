import ContractJSON
import ContractSpec
import Foundation

/// Prints lint results as compiler-style text or as one JSON document.
struct DiagnosticPrinter {
    struct FileResult {
        let path: String
        let version: String?
        let operations: Int
        let diagnostics: [Diagnostic]
    }

    let format: OutputFormat

    func render(_ results: [FileResult]) -> String {
        switch format {
        case .text: renderText(results)
        case .json: renderJSON(results)
        }
    }

    private func renderText(_ results: [FileResult]) -> String {
        var lines: [String] = []
        for result in results {
            let sorted = result.diagnostics.sorted {
                ($0.location.file, $0.location.position) < ($1.location.file, $1.location.position)
            }
            lines += sorted.map(\.description)
        }
        for result in results {
            let errors = result.diagnostics.filter { $0.severity == .error }.count
            let warnings = result.diagnostics.count - errors
            let version = result.version.map { "OpenAPI \($0), " } ?? ""
            lines.append(
                "\(result.path): \(version)\(result.operations) operations, \(errors) errors, \(warnings) warnings")
        }
        return lines.joined(separator: "\n")
    }

    private func renderJSON(_ results: [FileResult]) -> String {
        let files: [JSONValue] = results.map { result in
            let diagnostics: [JSONValue] = result.diagnostics.map { diagnostic in
                var object: JSONObject = [
                    "severity": .string(diagnostic.severity.rawValue), "code": .string(diagnostic.code),
                    "message": .string(diagnostic.message), "file": .string(diagnostic.location.file),
                    "line": .number(JSONNumber(Int(diagnostic.location.position.line))),
                    "column": .number(JSONNumber(Int(diagnostic.location.position.column))),
                ]
                if let pointer = diagnostic.pointer { object["pointer"] = .string(pointer.description) }
                return .object(object)
            }
            return [
                "path": .string(result.path), "version": result.version.map(JSONValue.string) ?? .null,
                "operations": .number(JSONNumber(result.operations)), "diagnostics": .array(diagnostics),
            ]
        }
        let all = results.flatMap(\.diagnostics)
        let errors = all.filter { $0.severity == .error }.count
        let summary: JSONValue = [
            "files": .array(files), "errors": .number(JSONNumber(errors)),
            "warnings": .number(JSONNumber(all.count - errors)),
        ]
        return JSONWriter.string(from: summary, style: .pretty)
    }
}
