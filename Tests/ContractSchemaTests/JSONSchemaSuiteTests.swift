import ContractJSON
import ContractSchema
import ContractTestSupport
import Foundation
import Testing

/// Tests the suite leaves to implementations that we do not run, each with its reason.
/// Keys are `file|group` or `file|group|test` (file name without folder), or a bare file name.
let suiteSkips: [String: String] = [
    // Meta-schemas are not bundled (no network, and the suite does not ship them).
    "defs.json": "needs the 2020-12 meta-schema, which is not bundled",
    "ref.json|remote ref, containing refs itself": "needs the draft meta-schema, which is not bundled",
    "ref.json|$ref to boolean schema true": "",
    "vocabulary.json": "custom meta-schemas with $vocabulary are not supported (OpenAPI never uses them)",
    "format-assertion.json": "format-assertion vocabulary via custom meta-schemas is not supported",
    "cross-draft.json": "mixing drafts in one evaluation is not supported (one dialect per document)",
    "definitions.json": "needs the draft 4 meta-schema, which is not bundled",
    "zeroTerminatedFloats.json": "1.0 is an integer here in every dialect, as the issue requires (JSON Schema 2020-12 §6.1.1)",
    "hostname.json|validation of host names|hostname with consecutive hyphens (RFC1123)":
        "draft 4 allows `--` in positions 3-4; we follow the 2020-12 suite, which reserves it for A-labels",
    "hostname.json|validation of host names|contains \"--\" in the 3rd and 4th position":
        "A-label rules beyond Punycode decoding (IDNA2008 contextual and Bidi rules) need Unicode tables not bundled",
    "hostname.json|validation of A-label (punycode) host names":
        "IDNA2008 contextual (CONTEXTJ/CONTEXTO) and Bidi rules on decoded A-labels need Unicode tables not bundled",
    "idn-hostname.json": "IDNA2008 (RFC 5891-5893) needs Unicode Script, Joining_Type and Bidi tables not bundled",
]

@Suite("JSON Schema Test Suite", .corpus(SchemaSuiteRunner.suiteFolder))
struct JSONSchemaSuiteTests {
    static let registry2020 = SchemaSuiteRunner.remotes(dialect: .draft2020_12)
    static let registry4 = SchemaSuiteRunner.remotes(dialect: .draft4)

    static let files = SchemaSuiteRunner.files(draft: "draft2020-12") + SchemaSuiteRunner.files(draft: "draft4")

    @Test("suite file", arguments: files)
    func suiteFile(_ file: String) {
        let registry = file.hasPrefix("draft4") ? Self.registry4 : Self.registry2020
        let outcome = SchemaSuiteRunner.run(file: file, registry: registry, skips: suiteSkips.filter { !$0.value.isEmpty })
        for failure in outcome.failed {
            Issue.record("\(failure)")
        }
    }

    /// The least each draft must pass, required and optional tests, and the skips allowed: the figures the
    /// README quotes (the suite only grows).
    static let minimumPassed: [String: (required: Int, optional: Int, requiredSkips: Int)] = [
        "draft2020-12": (1290, 793, 9), "draft4": (614, 317, 4),
    ]

    @Test("pass/fail/skip counts per draft")
    func counts() throws {
        for draft in ["draft2020-12", "draft4"] {
            let registry = draft == "draft4" ? Self.registry4 : Self.registry2020
            var required = SchemaSuiteRunner.Outcome()
            var optional = SchemaSuiteRunner.Outcome()
            for file in SchemaSuiteRunner.files(draft: draft) {
                let outcome = SchemaSuiteRunner.run(file: file, registry: registry, skips: suiteSkips.filter { !$0.value.isEmpty })
                if file.contains("/optional/") {
                    optional.passed += outcome.passed
                    optional.failed += outcome.failed
                    optional.skipped += outcome.skipped
                } else {
                    required.passed += outcome.passed
                    required.failed += outcome.failed
                    required.skipped += outcome.skipped
                }
            }
            print(
                "\(draft): required \(required.passed) passed, \(required.failed.count) failed, \(required.skipped.count) skipped; "
                    + "optional \(optional.passed) passed, \(optional.failed.count) failed, \(optional.skipped.count) skipped")
            if let dump = ProcessInfo.processInfo.environment["SCHEMA_SUITE_DUMP"] {
                let text = (required.failed + optional.failed).joined(separator: "\n")
                try? text.write(toFile: dump + "-" + draft, atomically: true, encoding: .utf8)
            }
            #expect(required.failed.isEmpty)
            let minimum = try #require(Self.minimumPassed[draft])
            #expect(required.passed >= minimum.required, "\(draft): required tests passed")
            #expect(optional.passed >= minimum.optional, "\(draft): optional tests passed")
            #expect(required.skipped.count <= minimum.requiredSkips, "\(draft): \(required.skipped)")
        }
    }
}
