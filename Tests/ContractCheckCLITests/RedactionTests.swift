import Foundation
import Testing

/// Secrets in what `verify` prints and writes.
@Suite struct RedactionTests {
    let cli = CLITests()

    @Test("--redact hides the values of a named query parameter in the console and the JUnit report")
    func redactedQueryParameter() throws {
        let har = try String(
            contentsOf: CLITests.packageRoot.appendingPathComponent("contracts/clinic.har"), encoding: .utf8)
        // `limit` must be at least 1: the violation's text would quote the value.
        let broken = har.replacingOccurrences(of: "sort=name&limit=2", with: "sort=name&limit=-40417")
        #expect(broken != har)
        let folder = try cli.temporaryFolder(["traffic.har": broken])
        let contract = CLITests.packageRoot.appendingPathComponent("contracts/clinic.yaml").path
        let report = folder.appendingPathComponent("report.xml")
        let plain = try cli.run(["verify", "--contract", contract, "traffic.har"], in: folder)
        #expect(plain.status == 1)
        #expect(plain.output.contains("-40417"), "\(plain.output)")
        let redacted = try cli.run(
            ["verify", "--contract", contract, "--redact", "limit", "--junit", report.path, "traffic.har"], in: folder)
        #expect(redacted.status == 1)
        #expect(redacted.output.contains("<redacted>"), "\(redacted.output)")
        #expect(!redacted.output.contains("-40417"), "\(redacted.output)")
        let xml = try String(contentsOf: report, encoding: .utf8)
        #expect(xml.contains("&lt;redacted&gt;") && !xml.contains("-40417"))
    }
}
