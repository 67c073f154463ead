import ContractJSON
import ContractSpec
import ContractVerify
import Foundation

/// Known problems recorded at one point, so that later runs fail only on new ones: the way to adopt
/// contract checks in a codebase that does not pass them yet.
///
/// A problem is identified by a fingerprint that survives unrelated edits: its kind, operation,
/// place in the exchange, instance path and keyword for a traffic violation; its rule, file and JSON
/// pointer for a lint problem. Line numbers, values and timestamps are left out.
package struct Baseline: Sendable, Equatable {
    /// One known problem.
    package struct Entry: Sendable, Equatable {
        /// The fingerprint.
        package var fingerprint: String
        /// The problem as it was printed, for people reading the file.
        package var description: String

        /// Creates an entry.
        package init(fingerprint: String, description: String) {
            self.fingerprint = fingerprint
            self.description = description
        }
    }

    /// The known problems; the same fingerprint may appear several times.
    package var entries: [Entry]

    /// Creates a baseline.
    package init(entries: [Entry]) {
        self.entries = entries
    }

    /// The fingerprint of a traffic violation.
    package static func fingerprint(_ violation: ContractViolation) -> String {
        [
            violation.kind.rawValue, violation.operation?.description ?? violation.requestLine,
            violation.location.description,
            violation.instancePath?.description ?? "", violation.keyword ?? "",
        ].joined(separator: " | ")
    }

    /// The fingerprint of a lint problem.
    package static func fingerprint(_ diagnostic: Diagnostic) -> String {
        [diagnostic.code, diagnostic.location.file, diagnostic.pointer?.description ?? diagnostic.message].joined(
            separator: " | ")
    }

    /// Splits current problems into those the baseline already knows and new ones, and names the
    /// known ones that did not occur (fixed). Counts matter: a third occurrence of a problem known twice is new.
    package func compare(_ current: [Entry]) -> (new: [Entry], known: [Entry], fixed: [Entry]) {
        var remaining: [String: [Entry]] = [:]
        for entry in entries { remaining[entry.fingerprint, default: []].append(entry) }
        var new: [Entry] = []
        var known: [Entry] = []
        for entry in current {
            if var list = remaining[entry.fingerprint], !list.isEmpty {
                list.removeLast()
                remaining[entry.fingerprint] = list
                known.append(entry)
            } else {
                new.append(entry)
            }
        }
        // What is left unmatched in the baseline did not occur this time.
        let fixedEntries = entries.filter { entry in
            guard var list = remaining[entry.fingerprint], !list.isEmpty else { return false }
            list.removeLast()
            remaining[entry.fingerprint] = list
            return true
        }
        return (new, known, fixedEntries)
    }

    /// The baseline as a JSON file (sorted, so that diffs of it read well).
    package func data() -> Data {
        let sorted = entries.sorted { ($0.fingerprint, $0.description) < ($1.fingerprint, $1.description) }
        let problems: [JSONValue] = sorted.map {
            ["fingerprint": .string($0.fingerprint), "description": .string($0.description)]
        }
        let file: JSONValue = ["version": 1, "problems": .array(problems)]
        return Data((JSONWriter.string(from: file, style: .pretty) + "\n").utf8)
    }

    /// Reads a baseline file.
    package static func read(_ data: Data, path: String) throws(TrafficReadError) -> Baseline {
        let start = SourceLocation(file: path, line: 1, column: 1)
        let value: JSONValue
        do {
            value = try JSONParser.parse(data)
        } catch {
            throw TrafficReadError(
                location: SourceLocation(file: path, position: error.position),
                message: "invalid JSON: \(error.message)")
        }
        guard case .array(let problems)? = value["problems"] else {
            throw TrafficReadError(
                location: start, message: "not a contract-check baseline (write one with `contract-check baseline`)")
        }
        return Baseline(
            entries: problems.compactMap { problem in
                guard let fingerprint = problem["fingerprint"]?.stringValue else { return nil }
                return Entry(fingerprint: fingerprint, description: problem["description"]?.stringValue ?? "")
            })
    }
}
