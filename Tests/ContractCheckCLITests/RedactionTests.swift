import ContractInterception
import ContractReport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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

/// A secret in traffic appears in nothing `contract-check` prints or writes: a plain cookie parameter (no
/// API-key scheme names it) and a body field named with `--redact`, both breaking their schemas so that
/// the violations would quote them.
@Suite struct SecretInEveryOutputTests {
    let cli = CLITests()
    static let cookieSecret = "S3CR3T-cookie-7f1d"
    static let passwordSecret = "pa55-S3CR3T"

    /// A HAR with two exchanges: the cookie that is no uuid, and a password shorter than its `minLength`.
    static var har: String {
        func entry(_ method: String, _ url: String, headers: String, body: String?) -> String {
            let postData = body.map { #", "postData": {"mimeType": "application/json", "text": \#(json($0))}"# } ?? ""
            return """
                {"startedDateTime": "2026-01-05T10:00:00.000Z", "time": 12,
                 "request": {"method": "\(method)", "url": "\(url)", "httpVersion": "HTTP/1.1",
                   "headers": [\(headers)], "queryString": [], "cookies": [], "headersSize": -1, "bodySize": -1\(postData)},
                 "response": {"status": 201, "statusText": "", "httpVersion": "HTTP/1.1", "headers": [], "cookies": [],
                   "content": {"size": 0, "mimeType": "application/json"}, "redirectURL": "", "headersSize": -1,
                   "bodySize": 0},
                 "cache": {}, "timings": {"send": 0, "wait": 12, "receive": 0}}
                """
        }
        func json(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        let cookie = entry(
            "GET", "https://sessions.example.com/sessions/current",
            headers: #"{"name": "Cookie", "value": "theme=dark; csrf=\#(cookieSecret)"}"#, body: nil)
        let password = entry(
            "POST", "https://sessions.example.com/sessions",
            headers: #"{"name": "Content-Type", "value": "application/json"}"#,
            body: #"{"user": "sam", "password": "\#(passwordSecret)"}"#)
        return #"{"log": {"version": "1.2", "creator": {"name": "test", "version": "1"}, "entries": ["#
            + cookie + ", " + password + "]}}"
    }

    /// The run's folder: the contract and the HAR in `contracts/`.
    func folder() throws -> URL {
        let contract = try String(
            contentsOf: CLITests.packageRoot.appendingPathComponent("Tests/Fixtures/contracts/session-secrets.yaml"),
            encoding: .utf8)
        return try cli.temporaryFolder(["contracts/sessions.yaml": contract, "contracts/traffic.har": Self.har])
    }

    func expectNoSecret(_ text: String, in output: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!text.contains(Self.cookieSecret), "\(output): \(text)", sourceLocation: sourceLocation)
        #expect(!text.contains(Self.passwordSecret), "\(output): \(text)", sourceLocation: sourceLocation)
    }

    @Test("verify in text, json and github formats and its JUnit report never print the secrets")
    func verifyFormats() throws {
        let folder = try folder()
        let verify = ["verify", "--contract", "contracts/sessions.yaml", "--redact", "password"]
        for format in ["text", "json", "github"] {
            let run = try cli.run(verify + ["--format", format, "--junit", "\(format).xml", "contracts/traffic.har"], in: folder)
            #expect(run.status == 1, "\(run.output)")
            // Both violations are reported, with their values hidden.
            #expect(run.output.contains("expected uuid"), "\(run.output)")
            #expect(run.output.contains("expected a string of at least 12 characters"), "\(run.output)")
            #expect(run.output.contains("<redacted>"), "\(run.output)")
            expectNoSecret(run.output, in: "verify --format \(format)")
            let junit = try String(contentsOf: folder.appendingPathComponent("\(format).xml"), encoding: .utf8)
            #expect(junit.contains("csrf"))
            expectNoSecret(junit, in: "JUnit of --format \(format)")
        }
    }

    @Test("without --redact the password is printed, the cookie never is")
    func cookiesAlwaysRedacted() throws {
        let folder = try folder()
        let run = try cli.run(["verify", "--contract", "contracts/sessions.yaml", "contracts/traffic.har"], in: folder)
        #expect(run.status == 1)
        #expect(run.output.contains(Self.passwordSecret), "\(run.output)")
        #expect(!run.output.contains(Self.cookieSecret), "\(run.output)")
    }

    @Test("the default run's terminal output, Reports/contract-check.xml and Reports/lint.json never carry the cookie")
    func defaultRun() throws {
        let folder = try folder()
        for format in ["text", "github"] {
            let run = try cli.run(["run", "--format", format], in: folder)
            #expect(run.status == 1, "\(run.output)")
            #expect(run.output.contains("expected uuid"), "\(run.output)")
            #expect(!run.output.contains(Self.cookieSecret), "\(run.output)")
        }
        for report in ["Reports/contract-check.xml", "Reports/lint.json"] {
            let text = try String(contentsOf: folder.appendingPathComponent(report), encoding: .utf8)
            #expect(!text.contains(Self.cookieSecret), "\(report): \(text)")
        }
    }

    @Test("the fake backend's recorded violations, its problem answer and the run over the recording never carry the cookie")
    func recordings() async throws {
        let folder = try folder()
        let recordings = folder.appendingPathComponent(".build/contract-check/recordings", isDirectory: true)
        let backend = try ContractBackend(
            contract: folder.appendingPathComponent("contracts/sessions.yaml"), recording: .directory(recordings))
        var request = URLRequest(url: try #require(URL(string: "https://sessions.example.com/sessions/current")))
        request.setValue("csrf=\(Self.cookieSecret)", forHTTPHeaderField: "Cookie")
        let (answer, _) = try await backend.session.data(for: request)
        #expect(backend.violations.map(\.kind.rawValue) == ["request.parameter.schema"])
        #expect(!backend.violations.map(\.description).joined().contains(Self.cookieSecret))
        #expect(!String(decoding: answer, as: UTF8.self).contains(Self.cookieSecret))
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: recordings.path).first)
        LiveRecordingWriters.flushAll()
        let line = try String(contentsOf: recordings.appendingPathComponent(file), encoding: .utf8)
        // The request is kept as sent, so it can be verified again; the violations written beside it are not.
        let violations = try #require(line.range(of: #""violations":"#)).upperBound
        #expect(!line[violations...].contains(Self.cookieSecret), "\(line)")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("contracts/traffic.har"))
        let run = try cli.run(["run"], in: folder)
        #expect(run.status == 1)
        #expect(run.output.contains("expected uuid"), "\(run.output)")
        #expect(!run.output.contains(Self.cookieSecret), "\(run.output)")
    }
}
