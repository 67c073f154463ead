import Foundation
import Testing

/// `--nullable lenient|strict` on the commands that read schemas.
extension CLITests {
    static let nullableContract = "Tests/Fixtures/contracts/nullable.yaml"
    static let nullIssue = #"{"number": 1, "title": "Crash", "milestone": null, "state_reason": null}"#

    @Test("validate: null beside allOf and enums is valid by default, an error with --nullable strict")
    func validateNullable() throws {
        let folder = try temporaryFolder(["issue.json": Self.nullIssue, "title.json": #"{"number": 1, "title": null}"#])
        let contract = Self.packageRoot.appendingPathComponent(Self.nullableContract).path
        let arguments = ["validate", "--contract", contract, "--schema", "#/components/schemas/Issue"]
        let lenient = try run(arguments + ["issue.json"], in: folder)
        #expect(lenient.status == 0)
        #expect(lenient.output == "issue.json: valid\n")
        let strict = try run(arguments + ["--nullable", "strict", "issue.json"], in: folder)
        #expect(strict.status == 1)
        #expect(strict.output.contains("issue.json $.milestone: expected object, got null"), "\(strict.output)")
        #expect(strict.output.contains("issue.json $.state_reason: expected one of"), "\(strict.output)")
        let title = try run(arguments + ["title.json"], in: folder)
        #expect(title.status == 1)
        #expect(title.output.contains("title.json $.title: expected string, got null"))
        #expect(try run(arguments + ["--nullable", "sometimes", "issue.json"], in: folder).status == 64)
    }

    @Test("example and lint follow --nullable")
    func exampleAndLintNullable() throws {
        let example = ["example", Self.nullableContract, "--operation", "getIssue"]
        let lenient = try run(example)
        #expect(lenient.status == 0)
        #expect(lenient.output.contains(#""milestone": null"#))
        let strict = try run(example + ["--nullable", "strict"])
        #expect(strict.status == 0)
        #expect(!strict.output.contains(#""milestone": null"#), "\(strict.output)")
        let lint = try run(["lint", Self.nullableContract, "--nullable", "strict"])
        #expect(lint.output.contains("null is rejected (OAS 3.0.3)"), "\(lint.output)")
        #expect(try run(["lint", Self.nullableContract]).output.contains("null is accepted here"))
    }
}
