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

    @Test("verify: recorded nulls beside allOf and enums pass by default, and are violations with --nullable strict")
    func verifyNullable() throws {
        let response = #"{\"number\": 1, \"title\": \"Crash\", \"milestone\": null, \"state_reason\": null}"#
        let har = """
            {"log": {"version": "1.2", "creator": {"name": "test", "version": "1"}, "entries": [{
              "startedDateTime": "2026-01-01T00:00:00Z", "time": 1,
              "request": {"method": "GET", "url": "https://nullable.example.test/issues/1", "httpVersion": "HTTP/1.1",
                          "headers": [], "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0},
              "response": {"status": 200, "statusText": "OK", "httpVersion": "HTTP/1.1", "cookies": [],
                           "headers": [{"name": "Content-Type", "value": "application/json"}],
                           "content": {"size": 1, "mimeType": "application/json", "text": "\(response)"},
                           "redirectURL": "", "headersSize": -1, "bodySize": -1},
              "cache": {}, "timings": {"send": 0, "wait": 1, "receive": 0}}]}}
            """
        let folder = try temporaryFolder(["issue.har": har])
        let contract = Self.packageRoot.appendingPathComponent(Self.nullableContract).path
        let lenient = try run(["verify", "--contract", contract, "issue.har", "--root", Self.packageRoot.path], in: folder)
        #expect(lenient.status == 0, "\(lenient.output)")
        #expect(lenient.output.contains("1 exchanges, 0 violations"), "\(lenient.output)")
        let strict = try run(
            ["verify", "--contract", contract, "issue.har", "--root", Self.packageRoot.path, "--nullable", "strict"],
            in: folder)
        #expect(strict.status == 1, "\(strict.output)")
        #expect(strict.output.contains("$.milestone: expected object, got null"), "\(strict.output)")
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
