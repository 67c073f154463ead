import ContractExamples
import ContractJSON
import ContractSchema
import ContractTestSupport
import Foundation
import Testing

/// Every draft 2020-12 suite schema that its own `valid: true` tests prove satisfiable gets a generated
/// value the validator accepts, in every mode.
@Suite("JSON Schema Test Suite schemas", .corpus("json-schema-test-suite"))
struct SchemaSuiteTests {
    /// Groups left out, each with the reason.
    static let skips: [String: String] = [
        "refRemote.json": "refers to documents served at localhost:1234, which the synthesizer never fetches",
        "vocabulary.json": "the metaschema names a custom vocabulary only a remote document defines",
        "dynamicRef.json": "$dynamicRef resolution depends on the dynamic scope, which generation does not track",
        "ref.json|remote ref, containing refs itself": "refers to the 2020-12 metaschema, a remote document",
        "ref.json|$ref to $dynamicRef finds detached $dynamicAnchor": "refers to a remote document",
        "ref.json|refs with relative uris and defs": "refers to http://example.com documents the suite does not provide",
        "ref.json|relative refs with absolute uris and defs": "refers to http://example.com documents",
        "defs.json": "validates against the 2020-12 metaschema, a remote document",
        "unevaluatedProperties.json|unevaluatedProperties with $dynamicRef": "$dynamicRef (see dynamicRef.json)",
        "unevaluatedItems.json|unevaluatedItems with $dynamicRef": "$dynamicRef (see dynamicRef.json)",
    ]

    static var files: [URL] {
        Corpus.files(in: "json-schema-test-suite/draft2020-12", withExtension: "json").filter {
            !$0.path.contains("/optional/")
        }
    }

    @Test("every required draft 2020-12 file is there")
    func fileCount() {
        #expect(Self.files.count >= 46)
    }

    @Test("satisfiable suite schemas get valid values", arguments: files)
    func suiteFile(url: URL) throws {
        let data = try Data(contentsOf: url)
        let groups = try #require(try JSONParser.parse(Array(data)).arrayValue, "\(url.lastPathComponent) is not an array")
        let fileName = url.lastPathComponent
        var generated = 0
        var skipped: [String] = []
        var failures: [String] = []
        for group in groups {
            let name = group["description"]?.stringValue ?? "?"
            let schema = group["schema"] ?? .bool(true)
            let satisfiable = group["tests"]?.arrayValue?.contains { $0["valid"]?.boolValue == true } ?? false
            guard satisfiable else { continue }
            if let reason = Self.skips["\(fileName)|\(name)"] ?? Self.skips[fileName] {
                skipped.append("\(fileName) | \(name): \(reason)")
                continue
            }
            let validator = try CompiledSchema(schema: schema, baseURI: "urn:contractcheck:example-schema")
            for mode in [ExampleMode.minimal, .full] + (0..<50).map({ .random(seed: UInt64($0)) }) {
                do {
                    let value = try ExampleSynthesizer.value(forJSONSchema: schema, mode: mode)
                    generated += 1
                    if let error = validator.validate(value).first {
                        failures.append("\(fileName) | \(name) | \(mode): \(JSONWriter.string(from: value)) \(error)")
                    }
                } catch {
                    failures.append("\(fileName) | \(name) | \(mode): \(error)")
                    break
                }
            }
        }
        print("examples suite: \(fileName): \(generated) values validated, \(skipped.count) groups skipped")
        for line in skipped { print("  skip: \(line)") }
        #expect(failures.isEmpty, "\(failures.prefix(8).joined(separator: "\n"))")
    }
}
