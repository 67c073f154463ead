import ContractJSON
import ContractTestSupport
import ContractSchema
import Foundation

/// Runs files of the JSON Schema Test Suite and counts the outcomes.
struct SchemaSuiteRunner {
    struct Outcome: Sendable {
        var passed = 0
        var failed: [String] = []
        var skipped: [String] = []
    }

    static let suiteFolder = "json-schema-test-suite"

    /// The suite's remotes, served from disk under `http://localhost:1234/`.
    static func remotes(dialect: SchemaDialect) -> SchemaRegistry {
        var registry = SchemaRegistry()
        let folder = Corpus.root.appendingPathComponent(suiteFolder + "/remotes")
        for url in Corpus.files(in: suiteFolder + "/remotes", withExtension: "json") {
            let relative = String(url.path.dropFirst(folder.path.count + 1))
            guard let data = try? Data(contentsOf: url), let value = try? JSONParser.parse(Array(data)) else { continue }
            registry.add(value, uri: "http://localhost:1234/" + relative, dialect: dialect)
        }
        return registry
    }

    static func files(draft: String) -> [String] {
        Corpus.files(in: suiteFolder + "/" + draft, withExtension: "json").map {
            String($0.path.dropFirst(Corpus.root.appendingPathComponent(suiteFolder).path.count + 1))
        }
    }

    /// Runs one file (`draft2020-12/optional/format/email.json`); `skips` maps keys to reasons.
    static func run(file: String, registry: SchemaRegistry, skips: [String: String]) -> Outcome {
        var outcome = Outcome()
        let url = Corpus.root.appendingPathComponent(suiteFolder + "/" + file)
        guard let data = try? Data(contentsOf: url), case .array(let groups)? = try? JSONParser.parse(Array(data)) else {
            outcome.failed.append("\(file): unreadable")
            return outcome
        }
        let dialect: SchemaDialect = file.hasPrefix("draft4") ? .draft4 : .draft2020_12
        let options = SchemaCompileOptions(assertsFormats: file.contains("/format/"))
        for group in groups {
            let groupName = group["description"]?.stringValue ?? "?"
            let tests = group["tests"]?.arrayValue ?? []
            let fileName = String(file.split(separator: "/").last ?? "")
            if let reason = skips["\(fileName)|\(groupName)"] ?? skips[fileName] {
                outcome.skipped.append(
                    contentsOf: tests.map { "\(file) | \(groupName) | \($0["description"]?.stringValue ?? "?"): \(reason)" })
                continue
            }
            let compiled: CompiledSchema
            do {
                compiled = try CompiledSchema(
                    schema: group["schema"] ?? .bool(true), baseURI: "urn:suite:schema", dialect: dialect,
                    registry: registry, options: options)
            } catch {
                outcome.failed.append(contentsOf: tests.map { _ in "\(file) | \(groupName): compile error \(error)" })
                continue
            }
            for test in tests {
                let testName = test["description"]?.stringValue ?? "?"
                let key = "\(fileName)|\(groupName)|\(testName)"
                if let reason = skips[key] {
                    outcome.skipped.append("\(file) | \(groupName) | \(testName): \(reason)")
                    continue
                }
                let instance = test["data"] ?? .null
                let expected = test["valid"]?.boolValue ?? false
                let fast = compiled.isValid(instance)
                let errors = compiled.validate(instance)
                // The same verdict from the instance's bytes, compact and indented.
                let streamed = try? compiled.isValid(json: JSONWriter.bytes(from: instance))
                let streamedIndented = try? compiled.isValid(json: JSONWriter.bytes(from: instance, style: .pretty))
                let streamedErrors = try? compiled.validate(json: JSONWriter.bytes(from: instance))
                if fast == expected, errors.isEmpty == expected, streamed == expected, streamedIndented == expected,
                    streamedErrors?.map(\.description) == errors.map(\.description)
                {
                    outcome.passed += 1
                } else {
                    outcome.failed.append(
                        "\(file) | \(groupName) | \(testName): expected \(expected), isValid \(fast), "
                            + "from bytes \(String(describing: streamed))/\(String(describing: streamedIndented)), "
                            + "errors \(errors.map(\.description))")
                }
            }
        }
        return outcome
    }
}
