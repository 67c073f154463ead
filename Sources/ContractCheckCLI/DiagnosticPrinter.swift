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
    /// Whether text output prints warnings grouped by rule (`WarningDigest`) rather than each in full.
    var groupsWarnings = false

    func render(_ results: [FileResult]) -> String {
        switch format {
        case .text: renderText(results)
        case .json: renderJSON(results)
        case .github: renderGitHub(results)
        }
    }

    /// One workflow command per diagnostic, then the plain summary lines.
    private func renderGitHub(_ results: [FileResult]) -> String {
        var lines: [String] = []
        for diagnostic in results.flatMap(\.diagnostics) {
            let command = diagnostic.severity == .error ? "error" : "warning"
            var properties = ["file=" + Self.escapeProperty(diagnostic.location.file)]
            if diagnostic.location.position.isKnown {
                properties.append("line=\(diagnostic.location.position.line)")
                properties.append("col=\(diagnostic.location.position.column)")
            }
            properties.append("title=" + Self.escapeProperty(diagnostic.code))
            lines.append("::\(command) \(properties.joined(separator: ","))::" + Self.escapeData(diagnostic.message))
        }
        return (lines + summaryLines(results)).joined(separator: "\n")
    }

    /// Workflow-command data escaping: `%`, CR and LF.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Workflow-command property escaping: data escaping plus `:` and `,`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    private func renderText(_ results: [FileResult]) -> String {
        var lines: [String] = []
        for result in results {
            let sorted = result.diagnostics.sorted {
                ($0.location.file, $0.location.position) < ($1.location.file, $1.location.position)
            }
            guard groupsWarnings else {
                lines += sorted.map(\.description)
                continue
            }
            lines += sorted.filter { $0.severity == .error }.map(\.description)
            lines += WarningDigest<Diagnostic>(rule: \.code, lines: { [$0.description] })
                .render(sorted.filter { $0.severity == .warning }, file: result.path)
        }
        return (lines + summaryLines(results)).joined(separator: "\n")
    }

    /// `path: OpenAPI 3.1.0, 19 operations, 0 errors, 2 warnings`, one per file; when the file has errors
    /// and none of them changes what it says (`Diagnostic.blocksVerification`), the line says it is usable.
    private func summaryLines(_ results: [FileResult]) -> [String] {
        results.map { result in
            let errors = result.diagnostics.filter { $0.severity == .error }
            let warnings = result.diagnostics.count - errors.count
            let version = result.version.map { "OpenAPI \($0), " } ?? ""
            let usable =
                result.version != nil && !errors.isEmpty && !errors.contains(where: \.blocksVerification)
                ? "; none keeps the fake backend or the mock server from using it" : ""
            return "\(result.path): \(version)\(result.operations) operations, \(errors.count) errors, "
                + "\(warnings) warnings\(usable)"
        }
    }

    private func renderJSON(_ results: [FileResult]) -> String {
        JSONWriter.string(from: jsonValue(results), style: .pretty)
    }

    /// The lint results as one JSON object: the files with their diagnostics, and the counts.
    func jsonValue(_ results: [FileResult]) -> JSONValue {
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
        return [
            "files": .array(files), "errors": .number(JSONNumber(errors)),
            "warnings": .number(JSONNumber(all.count - errors)),
        ]
    }
}
