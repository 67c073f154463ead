import ContractTestSupport
import Foundation
import Testing

/// `contract-check mock` and `contract-check proxy` as a UI test's or another platform's client meets
/// them: real processes on an ephemeral loopback port, driven with curl.
@Suite("contract-check mock and proxy", .serialized, .enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/curl")))
struct MockCommandTests {
    static let bearer = ClinicSamples.bearer
    static let petPath = "/v1/pets/\(ClinicSamples.petId)"

    @Test("curl gets the contract's answers and the run after it reports the exchanges and coverage in JUnit")
    func mockThenReport() throws {
        let cli = CLITests()
        let folder = try cli.clinicPackage()
        let server = try ServerProcess(["mock", "contracts/clinic.yaml", "--port", "0"], in: folder)
        let pet = try ServerProcess.curl(["-H", "Authorization: \(Self.bearer)", server.url + Self.petPath])
        #expect(pet.contains(#""name":"Biscuit""#))
        let unauthorized = try ServerProcess.curl(["-o", "/dev/null", "-w", "%{http_code}", server.url + Self.petPath])
        #expect(unauthorized == "401")
        // A stub over the control API, as a UI test sets one.
        let stubbed = try ServerProcess.curl([
            "-o", "/dev/null", "-w", "%{http_code}", "-X", "PUT", "-d", #"{"status": 404}"#,
            server.url + "/__contract-check/stubs/getPet",
        ])
        #expect(stubbed == "204")
        let missing = try ServerProcess.curl([
            "-o", "/dev/null", "-w", "%{http_code}", "-H", "Authorization: \(Self.bearer)", server.url + Self.petPath,
        ])
        #expect(missing == "404")
        let stopped = server.stop()
        #expect(stopped.status == 0)
        #expect(stopped.log.contains("request security"))

        let report = try cli.run([], in: folder)
        #expect(report.status == 1)  // the unauthorized request is a violation
        #expect(report.output.contains("request security"))
        #expect(report.output.contains("3 exchanges"))
        let junit = try String(contentsOf: folder.appendingPathComponent("Reports/contract-check.xml"), encoding: .utf8)
        #expect(junit.contains("getPet"))
    }

    @Test("SIGTERM lets a request in flight complete before the server exits")
    func gracefulShutdown() throws {
        let cli = CLITests()
        let folder = try cli.clinicPackage()
        let server = try ServerProcess(["mock", "contracts/clinic.yaml", "--port", "0", "--recordings", "off"], in: folder)
        _ = try ServerProcess.curl(["-X", "PUT", "-d", #"{"delayMs": 1500}"#, server.url + "/__contract-check/stubs/getPet"])
        let slow = Process()
        slow.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        slow.arguments = ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-H", "Authorization: \(Self.bearer)", server.url + Self.petPath]
        let pipe = Pipe()
        slow.standardOutput = pipe
        try slow.run()
        Thread.sleep(forTimeInterval: 0.5)
        let stopped = server.stop()
        slow.waitUntilExit()
        #expect(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "200")
        #expect(stopped.status == 0)
    }

    @Test("the proxy hands back the upstream's bytes and reports the violations of requests and responses")
    func proxy() throws {
        let cli = CLITests()
        let folder = try cli.clinicPackage()
        let upstream = try ServerProcess(
            ["mock", "contracts/clinic.yaml", "--port", "0", "--recordings", "off"], in: folder)
        let proxy = try ServerProcess(
            ["proxy", "contracts/clinic.yaml", "--upstream", upstream.url, "--port", "0", "--mark-violations"],
            in: folder)
        let direct = try ServerProcess.curl(["-H", "Authorization: \(Self.bearer)", upstream.url + Self.petPath])
        let proxied = try ServerProcess.curl(["-H", "Authorization: \(Self.bearer)", proxy.url + Self.petPath])
        #expect(proxied == direct)
        // The upstream breaks the contract (a stub with a body the schema refuses): the proxy says so.
        _ = try ServerProcess.curl([
            "-X", "PUT", "-d", #"{"response": {"status": 200, "headers": {"Content-Type": "application/json"}, "body": "{}"}}"#,
            upstream.url + "/__contract-check/stubs/getPet",
        ])
        let headers = try ServerProcess.curl([
            "-D", "-", "-o", "/dev/null", "-H", "Authorization: \(Self.bearer)", proxy.url + Self.petPath,
        ])
        // The upstream's own header passes through untouched; the proxy adds its count beside it.
        #expect(headers.lowercased().components(separatedBy: "contractcheck-violations: ").count == 3)
        // SIGTERM: the proxy stops serving, closes its connections to the upstream and exits cleanly.
        let stopped = proxy.stop()
        #expect(stopped.status == 0)
        let log = stopped.log
        _ = upstream.stop()
        #expect(log.contains("response 200 body $: expected required property \"name\""))
        let report = try cli.run([], in: folder)
        #expect(report.output.contains("2 exchanges"))
    }

    @Test("with --answer-unimplemented, what the upstream answers with 404 is answered from the contract")
    func proxyAnswersUnimplemented() throws {
        let cli = CLITests()
        let folder = try cli.clinicPackage()
        let upstream = try ServerProcess(
            ["mock", "contracts/clinic.yaml", "--port", "0", "--recordings", "off"], in: folder)
        let proxy = try ServerProcess(
            [
                "proxy", "contracts/clinic.yaml", "--upstream", upstream.url, "--port", "0", "--answer-unimplemented",
                "--recordings", "off",
            ], in: folder)
        // The upstream does not implement getPet yet.
        _ = try ServerProcess.curl([
            "-X", "PUT", "-d", #"{"status": 404}"#, upstream.url + "/__contract-check/stubs/getPet",
        ])
        let status = try ServerProcess.curl([
            "-o", "/dev/null", "-w", "%{http_code}", "-H", "Authorization: \(Self.bearer)", proxy.url + Self.petPath,
        ])
        #expect(status == "200")
        // Any other answer of the upstream passes through (here the 401 it is asked for).
        let pets = try ServerProcess.curl([
            "-o", "/dev/null", "-w", "%{http_code}", "-H", "Authorization: \(Self.bearer)", "-H", "Prefer: code=401",
            proxy.url + "/v1/pets",
        ])
        #expect(pets == "401")
        _ = proxy.stop()
        _ = upstream.stop()
    }
}
